/** Prints rows as a Markdown table, so a script's results paste straight into a note or the README. */
export function printTable(rows: Array<Record<string, string | number>>) {
  const columns = Object.keys(rows[0] ?? {})
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)))
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(columns.map((column) => String(row[column]))))
}
