/** pt-BR texts of the identity e-mails. */
const purposes = {
  sign_up: {
    intro: 'Seu código de verificação do Financeiro é',
    validity: 'Ele vale por 24 horas. Se você não pediu este cadastro, ignore esta mensagem.',
    subject: 'Seu código de verificação',
  },
  reset_password: {
    intro: 'Seu código para redefinir a senha do Financeiro é',
    validity: 'Ele vale por 1 hora. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
    subject: 'Redefinição de senha',
  },
  verify_email: {
    intro: 'Seu código para confirmar este e-mail no Financeiro é',
    validity: 'Ele vale por 24 horas. Se você não alterou seu e-mail, avise o administrador da sua organização.',
    subject: 'Confirme seu e-mail',
  },
} as const;

export type CodeEmailPurpose = keyof typeof purposes;

export function codeEmail(
  purpose: CodeEmailPurpose,
  name: string | null,
  code: string,
): { subject: string; text: string; html: string } {
  const p = purposes[purpose];
  const greeting = name ? `Olá, ${name.split(' ')[0]}!` : 'Olá!';
  const text = `${greeting}\n\n${p.intro} ${code}.\n${p.validity}\n`;
  const html = `<div style="font-family:Arial,sans-serif;color:#19244f;max-width:480px">
<p>${greeting.replace(/[<>&]/g, '')}</p>
<p>${p.intro}:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p style="color:#555">${p.validity}</p>
</div>`;
  return { subject: `${p.subject}: ${code}`, text, html };
}

/** "m***@example.com" — enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `+*******${phone.slice(-4)}`;
}
