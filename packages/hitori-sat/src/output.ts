// The solver's file output, loaded when asked for: `#output-file` is Node's file system under Node
// and a clear refusal in a browser bundle (package.json "imports"), so bundlers need no stub.

export async function checkWritable(path: string, force: boolean): Promise<void> {
  (await import('#output-file')).checkWritable(path, force);
}

export async function writeOutput(path: string, text: string, force: boolean): Promise<void> {
  (await import('#output-file')).writeOutput(path, text, force);
}
