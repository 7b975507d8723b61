import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', '.local', 'web/dist', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { z }` (a namespace re-export) keeps every zod locale in a Lambda bundle (+360 KB and
      // slower cold starts); the namespace import lets esbuild drop what is unused.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'] > :matches(ImportDefaultSpecifier, ImportSpecifier[imported.name='z'])",
          message:
            "Use `import * as z from 'zod'` (tree-shakeable; see docs/architecture.md, Bundling and cold starts).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Issue 18: numbers, money and dates are written by one locale-aware module.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(toFixed|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
          message: "Write numbers and dates with web/src/lib/format.ts (Intl in the reader's locale).",
        },
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message: "Write numbers and dates with web/src/lib/format.ts (Intl in the reader's locale).",
        },
      ],
    },
  },
);
