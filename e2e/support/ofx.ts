// The statement files the browser journeys import, as a Brazilian bank writes them.

const ofxAmount = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const ofxDate = (iso: string) => `${iso.replaceAll('-', '')}120000[-3:BRT]`;

/** A Brazilian bank's OFX 1.x (SGML, unclosed tags, Windows-1252 declared) for the demo's checking account. */
export function ofxFile(day: string, lines: { amount: number; memo: string; fitId: string }[], closing: number) {
  const transactions = lines
    .map(
      (l) => `<STMTTRN>
<TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}
<DTPOSTED>${ofxDate(day)}
<TRNAMT>${ofxAmount(l.amount)}
<FITID>${l.fitId}
<MEMO>${l.memo}
</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${ofxDate(day)}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>0341
<BRANCHID>0912
<ACCTID>12345-6
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>${ofxDate(day)}
<DTEND>${ofxDate(day)}
${transactions}
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>${ofxAmount(closing)}
<DTASOF>${ofxDate(day)}
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;
}
