import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import rooms from './scripts/lib/rooms.js';

export default defineConfig([
  globalIgnores([
    'dist/',
    'dist-harness/',
    'web/src/wasm/pkg/',
    'web/src/sim/generated/',
    'wasm-core/',
    '.tools/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    // The rooms point one way (docs/architecture.md): shared/ imports no domain nor app/.
    plugins: { rooms },
    rules: { 'rooms/layers': 'error' },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
