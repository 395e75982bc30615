import { describe, expect, it } from 'vitest';
import { importedStylesheets, mantineOrder, outOfOrder, stylesheetsOf } from './mantine-styles-plugin';

const SHEETS = new Set(['Checkbox', 'CheckboxCard', 'Combobox', 'Input']);
const exists = (name: string) => SHEETS.has(name);

describe('the Mantine stylesheets a bundled component needs', () => {
  it('names each folder or file of the component path that has a stylesheet, once', () => {
    expect(
      stylesheetsOf('/app/node_modules/@mantine/core/esm/components/Checkbox/CheckboxCard/CheckboxCard.mjs', exists),
    ).toEqual(['Checkbox', 'CheckboxCard']);
    expect(stylesheetsOf('/app/node_modules/@mantine/core/esm/components/Combobox/Combobox.mjs', exists)).toEqual([
      'Combobox',
    ]);
  });

  it('names none for a component without one, or a module that is not a Mantine component', () => {
    expect(stylesheetsOf('/app/node_modules/@mantine/core/esm/components/Portal/Portal.mjs', exists)).toEqual([]);
    expect(stylesheetsOf('/app/node_modules/@mantine/core/esm/core/MantineProvider/index.mjs', exists)).toEqual([]);
    expect(stylesheetsOf('/app/client/src/features/chat/Input.tsx', exists)).toEqual([]);
  });

  it('reads the stylesheets a CSS file imports, and nothing from its comments', () => {
    const css = `/* see @mantine/core/styles/Input.css */\n@import '@mantine/core/styles/Input.layer.css';\n@import '@mantine/core/styles/CheckboxCard.layer.css';\n`;
    expect([...importedStylesheets(css)]).toEqual(['Input', 'CheckboxCard']);
  });
});

describe("Mantine's order of its stylesheets", () => {
  const full = '.m_00000001 {}\n.m_00000002 {}\n.m_00000003 {}\n';
  const sheets: Record<string, string> = {
    UnstyledButton: '@layer mantine {.m_00000001 { padding: 0 }}',
    Text: '@layer mantine {.m_00000002 {}}',
    NavLink: '@layer mantine {.m_00000003 { padding: 8px }}',
    Typography: '@layer mantine {:where(.typography) {}}',
    baseline: '',
    global: '',
  };
  const orderOf = mantineOrder(full, (name) => sheets[name]!);

  it('accepts a list in that order: the leading sheets first, then by first rule, a sheet without classes last', () => {
    expect(outOfOrder(['baseline', 'global', 'UnstyledButton', 'Text', 'NavLink', 'Typography'], orderOf)).toEqual([]);
  });

  it('gives the order back for a list where a reset would come after what it resets', () => {
    expect(outOfOrder(['NavLink', 'global', 'UnstyledButton'], orderOf)).toEqual([
      'global',
      'UnstyledButton',
      'NavLink',
    ]);
  });
});
