/** pt-BR texts of the identity e-mails. */
export function signUpCodeEmail(name: string | null, code: string): { subject: string; text: string; html: string } {
  const greeting = name ? `Olá, ${name.split(' ')[0]}!` : 'Olá!';
  const text = `${greeting}\n\nSeu código de verificação do Financeiro é ${code}.\nEle vale por 24 horas. Se você não pediu este cadastro, ignore esta mensagem.\n`;
  const html = `<div style="font-family:Arial,sans-serif;color:#19244f;max-width:480px">
<p>${greeting.replace(/[<>&]/g, '')}</p>
<p>Seu código de verificação do <strong>Financeiro</strong> é:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p style="color:#555">Ele vale por 24 horas. Se você não pediu este cadastro, ignore esta mensagem.</p>
</div>`;
  return { subject: `Seu código de verificação: ${code}`, text, html };
}

/** "m***@example.com" — enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `+*******${phone.slice(-4)}`;
}
