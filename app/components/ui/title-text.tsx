/**
 * A title that wraps between words only: a hyphenated word (»omega-3«, »teenage-coaching«) stays
 * on one line instead of breaking after its hyphen. Heading lines are balanced in styles.css.
 */
export function TitleText({ text }: { text: string }) {
  return text.split(/(\S+-\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  )
}
