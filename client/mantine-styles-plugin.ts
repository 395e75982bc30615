import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT_MODULE = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](.+)\.mjs$/;
const STYLESHEET_IMPORT = /@import '@mantine\/core\/styles\/([\w-]+)\.layer\.css';/g;

/** The Mantine stylesheets a bundled component module needs: one per folder or file of its path that has one. */
export function stylesheetsOf(moduleId: string, exists: (name: string) => boolean): string[] {
  const match = COMPONENT_MODULE.exec(moduleId);
  if (!match) return [];
  return match[1]!.split(/[\\/]/).filter((segment, index, all) => all.indexOf(segment) === index && exists(segment));
}

/** The component stylesheets a CSS file imports (`@import '@mantine/core/styles/<Name>.layer.css'`). */
export function importedStylesheets(css: string): Set<string> {
  return new Set([...css.matchAll(STYLESHEET_IMPORT)].map((match) => match[1]!));
}

/** Stylesheets without component classes, which Mantine's complete stylesheet puts first, in this order. */
const LEADING = ['baseline', 'default-css-variables', 'global'];

/**
 * Where each stylesheet's rules stand in Mantine's complete stylesheet (`fullCss`): its first component class's first
 * rule. Within the one `mantine` layer the later of two equally specific rules wins (NavLink's padding over
 * UnstyledButton's reset), so the parts must come in this order. One without a class goes last.
 */
export function mantineOrder(fullCss: string, sheet: (name: string) => string): (name: string) => number {
  return (name) => {
    const leading = LEADING.indexOf(name);
    if (leading >= 0) return leading - LEADING.length;
    const firstClass = /\.m_[0-9a-f]{8}/.exec(sheet(name))?.[0];
    const at = firstClass ? fullCss.indexOf(`${firstClass} {`) : -1;
    return at >= 0 ? at : Number.MAX_SAFE_INTEGER;
  };
}

/** The stylesheets of `imported` out of Mantine's order, with that order (empty when they are in it). */
export function outOfOrder(imported: readonly string[], orderOf: (name: string) => number): string[] {
  const sorted = [...imported].sort((a, b) => orderOf(a) - orderOf(b));
  return sorted.some((name, index) => name !== imported[index]) ? sorted : [];
}

/**
 * The app loads only the Mantine stylesheets of the components it bundles (`stylesheetFile`, about 18 KB brotli
 * against 30 KB for all of Mantine's), so a component added without its stylesheet would render unstyled. The build
 * fails then, naming what to add: every Mantine component module in the bundle is checked against the file's imports.
 * It fails too when this file or `firstScreenFile` lists them out of Mantine's order (see mantineOrder).
 */
export function mantineStylesCheck(stylesheetFile: string, firstScreenFile: string): Plugin {
  const fullCssFile = createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css');
  const stylesDir = path.join(path.dirname(fullCssFile), 'styles');
  const sheetFile = (name: string) => path.join(stylesDir, `${name}.layer.css`);
  const exists = (name: string) => existsSync(sheetFile(name));
  return {
    name: 'bzu:mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const orderOf = mantineOrder(readFileSync(fullCssFile, 'utf8'), (name) => readFileSync(sheetFile(name), 'utf8'));
      for (const file of [stylesheetFile, firstScreenFile]) {
        const order = outOfOrder([...importedStylesheets(readFileSync(file, 'utf8'))], orderOf);
        if (order.length > 0)
          this.error(`${path.basename(file)} lists Mantine's stylesheets out of order; use:\n${importLines(order)}`);
      }
      const imported = importedStylesheets(readFileSync(stylesheetFile, 'utf8'));
      const missing = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds)
          for (const name of stylesheetsOf(id, exists)) if (!imported.has(name)) missing.add(name);
      }
      if (missing.size > 0)
        this.error(
          `${path.basename(stylesheetFile)} lacks the stylesheets of bundled Mantine components; add:\n` +
            importLines([...missing].sort((a, b) => orderOf(a) - orderOf(b))),
        );
    },
  };
}

function importLines(names: readonly string[]): string {
  return names.map((name) => `@import '@mantine/core/styles/${name}.layer.css';`).join('\n');
}
