import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer'
import { documentContent } from '~/server/bookkeeping/document-content.server'
import type { DocumentSnapshot } from '~/server/bookkeeping/documents.server'

/**
 * A receipt or credit note as an A4 PDF (@react-pdf/renderer, its built-in Helvetica: no font file
 * to ship, and it has æ, ø and å). Made from the frozen snapshot, so the same document always
 * gives the same text, whenever it is made.
 */
const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: 'Helvetica', fontSize: 10.5, color: '#1f2937', lineHeight: 1.4 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 18, marginBottom: 18 },
  row: { flexDirection: 'row', marginBottom: 4 },
  label: { width: 130, fontFamily: 'Helvetica-Bold' },
  value: { flex: 1 },
  amounts: { marginTop: 16, paddingTop: 8, borderTopWidth: 1, borderTopColor: '#9ca3af' },
  amount: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 4 },
  notes: { marginTop: 18, color: '#374151' },
})

function DocumentPdf({ snapshot }: { snapshot: DocumentSnapshot }) {
  const { title, rows, amounts, notes } = documentContent(snapshot)
  const issued = new Date(`${snapshot.issueDate}T00:00:00Z`)
  return (
    // Dated the day of issue, not the moment of rendering: the same document gives the same bytes.
    <Document title={title} author={snapshot.seller.name} language="da" creationDate={issued} modificationDate={issued}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{title}</Text>
        {rows.map(([label, value]) => (
          <View key={label} style={styles.row}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>{value}</Text>
          </View>
        ))}
        <View style={styles.amounts}>
          {amounts.map(([label, value]) => (
            <View key={label} style={styles.amount}>
              <Text>{label}</Text>
              <Text>{value}</Text>
            </View>
          ))}
        </View>
        <View style={styles.notes}>
          {notes.map((note) => (
            <Text key={note}>{note}</Text>
          ))}
        </View>
      </Page>
    </Document>
  )
}

export const documentPdf = (snapshot: DocumentSnapshot): Promise<Buffer> => renderToBuffer(<DocumentPdf snapshot={snapshot} />)
