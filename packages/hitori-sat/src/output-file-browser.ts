import { InputError } from '@kit/core';
import type * as NodeOutput from './output-file.js';

// `#output-file` outside Node (package.json "imports"): a page has no files to write, and its host
// never passes -o or --dimacs; a library user who does gets one clear error.

const needsNode = (): never => {
  throw new InputError('writing files needs Node (the CLI)');
};

export const checkWritable: typeof NodeOutput.checkWritable = needsNode;
export const writeOutput: typeof NodeOutput.writeOutput = needsNode;
