/** pt-BR e-mails sent when someone is added to an organization. */

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function newAccountMail(input: {
  name: string;
  organization: string;
  login: string;
  temporaryPassword: string;
  signInUrl: string;
}): { subject: string; text: string; html: string } {
  const first = input.name.split(' ')[0] ?? input.name;
  const text = `Olá, ${first}!

Você foi convidado para a organização ${input.organization} no Financeiro.

Usuário: ${input.login}
Senha temporária: ${input.temporaryPassword}

Entre em ${input.signInUrl}. No primeiro acesso você escolherá uma nova senha.
Se não esperava este convite, ignore esta mensagem.
`;
  const html = `<div style="font-family:Arial,sans-serif;color:#19244f;max-width:520px">
<p>Olá, ${escape(first)}!</p>
<p>Você foi convidado para a organização <b>${escape(input.organization)}</b> no Financeiro.</p>
<p>Usuário: <b>${escape(input.login)}</b><br>Senha temporária: <b style="font-size:18px;letter-spacing:2px">${escape(input.temporaryPassword)}</b></p>
<p><a href="${escape(input.signInUrl)}">Entrar no Financeiro</a>. No primeiro acesso você escolherá uma nova senha.</p>
<p style="color:#555">Se não esperava este convite, ignore esta mensagem.</p>
</div>`;
  return { subject: `Convite para ${input.organization} no Financeiro`, text, html };
}

export function addedToOrganizationMail(input: { name: string | null; organization: string; signInUrl: string }): {
  subject: string;
  text: string;
} {
  const greeting = input.name ? `Olá, ${input.name.split(' ')[0]}!` : 'Olá!';
  return {
    subject: `Você agora faz parte de ${input.organization} no Financeiro`,
    text: `${greeting}\n\nVocê foi adicionado à organização ${input.organization} no Financeiro.\nEntre com seu usuário e senha de sempre em ${input.signInUrl} e escolha a organização.\n`,
  };
}
