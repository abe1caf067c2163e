import type { OptionSpec, Palette, TextFile } from '@kit/core';
import { type LettersOptionSpec, entryHex, type AnyPlugin, type RawOptions, HOST_NAMES } from '@kit/core/host';
import { h } from './dom.js';
import { DELAY_FIELD, INPUT_FIELD, LIMIT_FIELD } from './form-fields.js';
import { buildGridEditor, type GridEditor } from './grid-editor.js';
import { pageWords } from './page-words.js';

/** What the form holds, still unvalidated: the hosts' shared `parseOptions` does the checking. */
export interface FormValues {
  raw: RawOptions;
  input: TextFile | undefined;
  limit: string;
  delay: string;
}

export interface OptionForm {
  fields: HTMLElement;
  /** Problems with the initial values (a link's bad grid), in the CLI's words. */
  problems: string[];
  /** Shows or hides the options a drawn grid replaces, after an editor was opened or folded. */
  refresh(): void;
  read(): FormValues;
  /** The values that differ from the defaults, as text for the URL. */
  urlValues(): Record<string, string>;
}

const TRUE_TEXT = new Set(['1', 'true', 'yes', 'on', '']);

/** The page's pause between animation steps when neither the form nor the plugin (`stepDelayMs`) gives one. */
export const DEFAULT_STEP_DELAY_MS = 450;

const fieldHelp = (name: string): string => HOST_NAMES.find((entry) => entry.name === name)!.page!.help;

interface Field {
  name: string;
  read(): string | boolean | TextFile | undefined;
  urlValue(): string | undefined;
  /** Sets the field as a person would (another field's value implied this one). */
  set?(value: string | boolean): void;
}

function fileField(name: string, label: string, help: string, formats: readonly string[] | undefined, initial: string | undefined): [HTMLElement, Field] {
  const id = `opt-${name}`;
  let fileName: string | undefined;
  const area = h('textarea', {
    id,
    name,
    rows: 4,
    spellcheck: 'false',
    autocomplete: 'off',
    'data-option': name,
    placeholder: 'Paste the text here, or pick a file',
  });
  area.value = initial ?? '';
  const picker = h('input', { type: 'file', accept: '.txt,text/plain', 'aria-label': `${label}: pick a file` });
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (!file) return;
    fileName = file.name;
    area.value = await file.text();
    (area.closest('details') as HTMLDetailsElement).open = true;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
  area.addEventListener('input', (event) => {
    if (event.isTrusted) fileName = undefined;
  });
  // Folded until used, so a plugin with several file options still has a short form.
  const element = h(
    'details',
    { class: 'field file', open: area.value !== '' },
    h('summary', {}, h('span', { class: 'name' }, label), formats?.length ? h('span', { class: 'hint' }, formats.join(', ')) : null),
    h('p', { class: 'help' }, help),
    h('label', { for: id, class: 'visually-hidden' }, label),
    area,
    h('div', { class: 'field-row' }, picker),
  );
  return [
    element,
    {
      name,
      read: () => (area.value.trim() === '' ? undefined : { name: fileName ?? name, text: area.value }),
      urlValue: () => (area.value.trim() === '' ? undefined : area.value),
    },
  ];
}

/** Letters as toggles in their palette colours, with the letters as text beside them (repeats allowed there). */
function lettersField(spec: LettersOptionSpec, initial: string | undefined, palette: Palette): [HTMLElement, Field] {
  const id = `opt-${spec.name}`;
  const fallback = spec.default ?? '';
  const input = h('input', {
    id,
    type: 'text',
    name: spec.name,
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: spec.placeholder,
    'data-option': spec.name,
  });
  input.value = initial ?? fallback;
  const order = (letter: string) => {
    const index = spec.letters.indexOf(letter);
    return index < 0 ? spec.letters.length : index;
  };
  const toggles = [...spec.letters].map((letter) => {
    const entry = palette[letter];
    const button = h('button', { type: 'button', class: 'letter', 'data-letter': letter, 'aria-label': `${spec.name} ${letter}` }, letter);
    if (entry) button.style.setProperty('--letter-colour', entryHex(entry));
    button.addEventListener('click', () => {
      const text = input.value.toUpperCase();
      input.value = text.includes(letter) ? text.replaceAll(letter, '') : [...text, letter].sort((a, b) => order(a) - order(b)).join('');
      sync();
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return button;
  });
  const sync = () => {
    for (const button of toggles) button.setAttribute('aria-pressed', String(input.value.toUpperCase().includes(button.dataset['letter']!)));
  };
  input.addEventListener('input', sync);
  sync();
  const element = h(
    'div',
    { class: 'field letters' },
    h('label', { for: id }, spec.name),
    h('div', { class: 'letter-toggles', role: 'group', 'aria-label': spec.name }, ...toggles),
    input,
    h('p', { class: 'help' }, spec.help),
  );
  const read = () => (input.value === '' && fallback === '' ? undefined : input.value);
  return [element, { name: spec.name, read, urlValue: () => (input.value === fallback ? undefined : input.value) }];
}

function specField(spec: OptionSpec, initial: string | undefined, palette: Palette): [HTMLElement, Field] {
  const id = `opt-${spec.name}`;
  const label = spec.name;
  switch (spec.type) {
    case 'boolean': {
      const fallback = spec.default ?? false;
      const box = h('input', { id, type: 'checkbox', role: 'switch', name: spec.name, 'data-option': spec.name });
      box.checked = initial === undefined ? fallback : TRUE_TEXT.has(initial.toLowerCase());
      const element = h(
        'div',
        { class: 'field switch' },
        h('label', { for: id }, box, h('span', { class: 'name' }, label)),
        h('p', { class: 'help' }, spec.help),
      );
      const set = (value: string | boolean) => {
        box.checked = typeof value === 'boolean' ? value : TRUE_TEXT.has(value.toLowerCase());
      };
      return [element, { name: spec.name, read: () => box.checked, urlValue: () => (box.checked === fallback ? undefined : box.checked ? '1' : '0'), set }];
    }
    case 'enum': {
      const select = h('select', { id, name: spec.name, 'data-option': spec.name });
      const choices = [...spec.choices];
      // A value from a hand-edited URL stays visible so its validation message makes sense.
      if (initial !== undefined && !choices.includes(initial)) choices.push(initial);
      // With no default the option is not set until a choice is made, as on the command line: the
      // plugin decides (a choice made for it could clash with another field, e.g. a file's own).
      if (spec.default === undefined) select.append(h('option', { value: '' }, 'default'));
      for (const choice of choices) select.append(h('option', { value: choice }, choice));
      select.value = initial ?? spec.default ?? '';
      const fallback = spec.default ?? '';
      const element = h('div', { class: 'field' }, h('label', { for: id }, label), select, h('p', { class: 'help' }, spec.help));
      const set = (value: string | boolean) => {
        if (choices.includes(String(value))) select.value = String(value);
      };
      return [
        element,
        {
          name: spec.name,
          read: () => (select.value === '' ? undefined : select.value),
          urlValue: () => (select.value === fallback ? undefined : select.value),
          set,
        },
      ];
    }
    case 'file':
      return fileField(spec.name, label, spec.help, spec.formats, initial);
    case 'letters':
      return lettersField(spec, initial, palette);
    case 'int':
    case 'string': {
      const fallback = spec.default !== undefined ? String(spec.default) : '';
      const range =
        spec.type === 'int' && (spec.min !== undefined || spec.max !== undefined)
          ? `${spec.min ?? '…'}–${spec.max ?? '…'}`
          : spec.type === 'string'
            ? spec.placeholder
            : undefined;
      // A text input even for integers, so what the person typed reaches the shared validation as is.
      const input = h('input', {
        id,
        type: 'text',
        name: spec.name,
        inputmode: spec.type === 'int' ? 'numeric' : undefined,
        autocomplete: 'off',
        spellcheck: 'false',
        placeholder: spec.type === 'string' ? spec.placeholder : undefined,
        'data-option': spec.name,
      });
      input.value = initial ?? fallback;
      const element = h(
        'div',
        { class: 'field' },
        h('label', { for: id }, label, range ? h('span', { class: 'hint' }, range) : null),
        input,
        h('p', { class: 'help' }, spec.help),
      );
      // Empty means "not given" (the CLI without the flag), unless clearing a non-empty default.
      const read = () => (input.value === '' && fallback === '' ? undefined : input.value);
      const set = (value: string | boolean) => {
        input.value = String(value);
      };
      return [element, { name: spec.name, read, urlValue: () => (input.value === fallback ? undefined : input.value), set }];
    }
  }
}

/**
 * A form generated from the plugin's option specs (and its positional input, if it reads one). An
 * input the plugin describes as a grid gets an editor instead of a text area; terminal-only options
 * are left out; options a drawn grid replaces hide while the grid is in use.
 */
export function buildOptionForm(plugin: AnyPlugin, initial: Record<string, string>, palette: Palette): OptionForm {
  const elements: HTMLElement[] = [];
  const fields: Field[] = [];
  const problems: string[] = [];
  const editors = new Map<string, GridEditor>();
  for (const spec of plugin.editors ?? []) editors.set(spec.target, buildGridEditor(spec, palette, initial[spec.target], problems));
  const editorField = (editor: GridEditor): Field => ({ name: editor.target, read: editor.read, urlValue: editor.urlValue });
  /** Option name (or `input`) -> the editor whose grid replaces it while in use. */
  const supersededBy = new Map<string, GridEditor>();
  for (const spec of plugin.editors ?? []) for (const name of spec.supersedes ?? []) supersededBy.set(name, editors.get(spec.target)!);
  const optionElements = new Map<string, HTMLElement>();
  if (plugin.input) {
    const editor = editors.get(INPUT_FIELD);
    if (editor) {
      elements.push(editor.element);
      fields.push(editorField(editor));
      optionElements.set(INPUT_FIELD, editor.element);
    } else {
      const help = `${plugin.input.help ?? 'The puzzle to solve'}${plugin.input.required ? ' (required)' : ''}`;
      const [element, field] = fileField(INPUT_FIELD, INPUT_FIELD, help, plugin.input.formats, initial[INPUT_FIELD]);
      elements.push(element);
      fields.push(field);
    }
  }
  for (const spec of plugin.options) {
    if (spec.terminalOnly) continue;
    const editor = editors.get(spec.name);
    const [element, field] = editor ? [editor.element, editorField(editor)] : specField(spec, initial[spec.name], palette);
    elements.push(element);
    fields.push(field);
    optionElements.set(spec.name, element);
  }
  const superseded = (name: string) => supersededBy.get(name)?.inUse() === true;
  // Editors stay in reach: one that another replaces folds when that one opens, and opening it
  // again folds the other. Other options a drawn grid replaces hide while it is in use.
  const editorList = [...editors.values()];
  const replaces = (a: GridEditor, b: GridEditor) => supersededBy.get(b.target) === a;
  for (const editor of editorList) {
    editor.onOpen(() => {
      for (const other of editorList) if (other !== editor && (replaces(editor, other) || replaces(other, editor))) other.fold();
    });
  }
  const refresh = () => {
    for (const [name, element] of optionElements) element.hidden = !editors.has(name) && superseded(name);
  };
  refresh();
  // A value that settles other options (a pasted link that holds a chain puzzle) sets them as it is entered.
  for (const spec of plugin.options) {
    if (spec.type !== 'string' || !spec.implies || spec.terminalOnly || editors.has(spec.name)) continue;
    const element = optionElements.get(spec.name)!;
    const input = element.querySelector('input')!;
    const note = h('p', { class: 'implied', 'aria-live': 'polite', hidden: true });
    element.append(note);
    input.addEventListener('input', () => {
      let implied: Readonly<Record<string, string | boolean>> | undefined;
      try {
        implied = spec.implies!(input.value);
      } catch {
        implied = undefined;
      }
      const changed = Object.entries(implied ?? {}).filter(([name, value]) => {
        const field = fields.find((candidate) => candidate.name === name);
        if (!field?.set || field.read() === value) return false;
        field.set(value);
        return true;
      });
      note.hidden = changed.length === 0;
      note.textContent = changed.length
        ? `This value also set ${changed.map(([name, value]) => (typeof value === 'boolean' ? `${name} ${value ? 'on' : 'off'}` : `${name} to ${value}`)).join(', ')}.`
        : '';
    });
  }
  const hostField = (name: string, placeholder: string, help: string) => {
    const input = h('input', { id: `opt-${name}`, type: 'text', inputmode: 'numeric', name, placeholder, autocomplete: 'off', 'data-option': name });
    input.value = initial[name] ?? '';
    elements.push(h('div', { class: 'field host' }, h('label', { for: `opt-${name}` }, name), input, h('p', { class: 'help' }, help)));
    return input;
  };
  const limit = hostField(LIMIT_FIELD, 'no limit', fieldHelp(LIMIT_FIELD));
  const delay = hostField(DELAY_FIELD, String(plugin.stepDelayMs ?? DEFAULT_STEP_DELAY_MS), fieldHelp(DELAY_FIELD));
  const root = h('div', { class: 'fields' }, ...elements);
  // Help in the page's words (no CLI flags), tied to its field for screen readers.
  for (const help of root.querySelectorAll<HTMLElement>('.field > .help')) {
    help.textContent = pageWords(plugin, help.textContent ?? '');
    const control = help.parentElement!.querySelector<HTMLElement>('input:not([type="file"]), select, textarea');
    if (control?.id) {
      help.id = `help-${control.id}`;
      control.setAttribute('aria-describedby', help.id);
    }
  }
  return {
    fields: root,
    problems,
    refresh,
    read() {
      const raw: RawOptions = {};
      let input: TextFile | undefined;
      for (const field of fields) {
        if (superseded(field.name)) continue;
        const value = field.read();
        if (field.name === INPUT_FIELD && plugin.input) input = value as TextFile | undefined;
        else raw[field.name] = value;
      }
      return { raw, input, limit: limit.value.trim(), delay: delay.value.trim() };
    },
    urlValues() {
      const values: Record<string, string> = {};
      for (const field of fields) {
        if (superseded(field.name)) continue;
        const value = field.urlValue();
        if (value !== undefined) values[field.name] = value;
      }
      if (limit.value.trim() !== '') values[LIMIT_FIELD] = limit.value.trim();
      if (delay.value.trim() !== '') values[DELAY_FIELD] = delay.value.trim();
      return values;
    },
  };
}
