// `#terminal` outside Node (package.json "imports"): a page has no terminal to read and no file
// descriptor to write, so frames are drawn without colour codes and a stream is only ever written.

export function terminalColors(_env: Record<string, string | undefined>): false {
  return false;
}

export function writeNow(_fd: number, _text: string): void {}
