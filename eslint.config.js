// ESLint (flat config): typescript-eslint's recommended rules, Prettier's formatting left to Prettier, and the
// layer table of ../shared/ARCHITECTURE.md as import rules.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

/** An import whose path has one of these folders in it reaches that layer (no folder inside a layer is named so). */
const reaching = (...layers) => `(^|/)(${layers.join('|')})/`;

/** The layer table: what each folder may not import. */
const layers = [
  {
    files: ['src/domain/**/*.ts'],
    patterns: [
      {
        regex: reaching('application', 'projections', 'infrastructure', 'interfaces'),
        message: 'the domain depends on no other layer',
      },
      {
        regex: '^(?!\\.|tr46$|viem$|libphonenumber-js$|node:crypto$|node:net$)',
        message: 'the domain uses only tr46, viem (hashing), libphonenumber-js, node:crypto and node:net',
      },
    ],
  },
  {
    files: ['src/application/**/*.ts'],
    patterns: [
      {
        regex: reaching('projections', 'infrastructure', 'interfaces'),
        message: 'application imports the domain and its own ports, never read models or adapters',
      },
    ],
  },
  {
    files: ['src/projections/**/*.ts'],
    patterns: [
      {
        regex: reaching('infrastructure', 'interfaces'),
        message: 'a projection reads through application ports, never adapters',
      },
    ],
  },
  {
    files: ['src/interfaces/http/**/*.ts'],
    patterns: [
      {
        regex: reaching('infrastructure'),
        message:
          'controllers get what they need from application and projections (settings, ports), never from infrastructure',
      },
    ],
  },
];

module.exports = tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
      '.dist-build-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // input validation matches control characters on purpose (NUL, C0 controls in names, passwords, URLs)
      'no-control-regex': 'off',
      // Prettier wraps code at 120 but leaves comments and long literals alone; comments are held to the same width,
      // while a string, template, pattern or URL that cannot be broken without changing it may run longer
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // tests wire adapters and read models together: the layers hold for the product's code
  ...layers.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
