import { describe, expect, it } from 'vitest';
import { oauthErrorMessage, signInErrorMessage, signUpError } from './errors';

const err = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('sign-in error messages', () => {
  it.each([
    [err('UserNotFoundException', 'User does not exist.'), 'Usuário ou senha incorretos'],
    [err('NotAuthorizedException', 'Incorrect username or password.'), 'Usuário ou senha incorretos'],
    [err('NotAuthorizedException', 'User is disabled.'), 'Sua conta está suspensa, entre em contato com o suporte'],
    [err('CodeMismatchException', 'Invalid code or auth state for the user.'), 'O código fornecido está incorreto'],
    [
      err('NotAuthorizedException', 'Password attempts exceeded'),
      'Muitas tentativas de login inválidas, aguarde alguns minutos e tente novamente',
    ],
    [err('TooManyRequestsException'), 'Muitas tentativas inválidas, aguarde alguns minutos e tente novamente'],
    [err('InternalErrorException'), 'Parece que um erro desconhecido ocorreu, tente novamente mais tarde'],
    ['not an error', 'Parece que um erro desconhecido ocorreu, tente novamente mais tarde'],
  ])('%s -> %s', (error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});

describe('sign-up error messages', () => {
  it('offers sign-in when the e-mail already has an account', () => {
    expect(
      signUpError(err('UsernameExistsException', 'An account with the given email already exists.'), 'sign-up'),
    ).toEqual({
      message: 'Já existe uma conta com este endereço de email',
      emailExists: true,
    });
  });
  it('tells a resend that came too early, and a confirmation with too many tries', () => {
    expect(signUpError(err('LimitExceededException'), 'resend').message).toBe(
      'O código foi reenviado há menos de 2 minutos, aguarde para solicitar novamente.',
    );
    expect(signUpError(err('LimitExceededException'), 'confirm').message).toBe(
      'Muitas tentativas de verificação inválidas, aguarde alguns minutos e tente novamente',
    );
  });
  it('maps a wrong code and anything else', () => {
    expect(signUpError(err('CodeMismatchException'), 'confirm').message).toBe('O código fornecido está incorreto');
    expect(signUpError(err('Boom'), 'sign-up').message).toBe(
      'Parece que um erro desconhecido ocorreu, tente novamente mais tarde.',
    );
  });
});

describe('Google sign-in messages', () => {
  it.each([
    [err('OAuthSignInException', 'User cancelled OAuth flow.'), 'O login com Google foi cancelado.'],
    [
      err('OAuthSignInException', 'An account with this e-mail exists but it is not verified.'),
      'Não foi possível entrar com o Google: o e-mail precisa estar confirmado, no Google e na sua conta do Financeiro.',
    ],
    [err('OAuthSignInException', 'User is disabled.'), 'Sua conta está suspensa, entre em contato com o suporte'],
    [
      err('OAuthSignInException', 'This account uses a second factor: sign in with username and password.'),
      'Sua conta usa verificação em dois fatores, que o login com Google não pede: entre com seu usuário e senha.',
    ],
    [
      err('OAuthSignInException', 'Google sign-in failed'),
      'Não foi possível entrar com o Google agora, tente novamente mais tarde.',
    ],
  ])('%s -> %s', (error, message) => {
    expect(oauthErrorMessage(error)).toBe(message);
  });
});
