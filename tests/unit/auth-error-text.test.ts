import { describe, expect, it } from 'vitest';
import { authErrorText } from '../../web/src/auth/auth-error-text';
import { shellTranslator } from '../support/shell-translator';

/** Errors as Amplify throws them from real Cognito: the exception's name and Cognito's English message. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('account errors in the user language (issue 18: "Invalid password" in pt-BR)', () => {
  it('a wrong password on real Cognito reads as wrong e-mail or password, in each language', async () => {
    const wrong = cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    expect(authErrorText(wrong, 'signIn', await shellTranslator('pt-BR'))).toBe(
      'E-mail ou senha incorretos.',
    );
    expect(authErrorText(wrong, 'signIn', await shellTranslator('en-US'))).toBe(
      'Incorrect e-mail or password.',
    );
    expect(authErrorText(wrong, 'signIn', await shellTranslator('es-ES'))).toBe(
      'Correo o contraseña incorrectos.',
    );
    expect(authErrorText(wrong, 'changePassword', await shellTranslator('pt-BR'))).toBe(
      'A senha atual está incorreta.',
    );
  });

  it("tells the pool's password policy apart from a wrong password", async () => {
    const t = await shellTranslator('pt-BR');
    const policy = cognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password must have numeric characters',
    );
    expect(authErrorText(policy, 'changePassword', t)).toMatch(/^A senha precisa ter no mínimo 8 caracteres/);
    expect(authErrorText(policy, 'signUp', t)).toMatch(/^A senha precisa ter/);
  });

  it('codes, existing accounts, throttling, empty fields and anything unknown: never the English text', async () => {
    const t = await shellTranslator('pt-BR');
    const cases: [Error, string][] = [
      [cognitoError('UsernameExistsException', 'User already exists'), 'Já existe uma conta com este e-mail'],
      [cognitoError('CodeMismatchException', 'Invalid verification code provided'), 'Código incorreto'],
      [cognitoError('ExpiredCodeException', 'Invalid code provided'), 'O código expirou'],
      [cognitoError('LimitExceededException', 'Attempt limit exceeded'), 'Muitas tentativas'],
      [cognitoError('UserNotConfirmedException', 'User is not confirmed.'), 'Confirme seu e-mail'],
      [cognitoError('EmptySignInPassword', 'password is required to signIn'), 'Preencha todos os campos'],
      [new TypeError('Failed to fetch'), 'Ocorreu um erro. Tente novamente.'],
    ];
    for (const [error, expected] of cases) {
      const text = authErrorText(error, 'signIn', t);
      expect(text).toContain(expected);
      expect(text).not.toContain(error.message);
    }
  });
});
