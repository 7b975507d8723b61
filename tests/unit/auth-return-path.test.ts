import { describe, expect, it } from 'vitest';
import { returnPath } from '../../web/src/routes/auth/return-path';

describe('where sign-in leads', () => {
  it('back to the page that asked for it, when it is a page of this site', () => {
    expect(returnPath('/competitions/enter?competition=abc')).toBe('/competitions/enter?competition=abc');
  });

  it('to the dashboard otherwise: nothing asked, another origin, a protocol-relative or backslash path', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(returnPath(next), String(next)).toBe('/dashboard');
  });
});
