// The nesting count that runs before the XML parser: comments, CDATA, declarations and quoted '>'
// do not open elements; self-closing ones do not nest.
import { describe, expect, it } from 'vitest';
import { tooDeepAt } from '../src/xml-depth.js';

describe('tooDeepAt', () => {
  it('finds the first element past the limit', () => {
    expect(tooDeepAt('<a><b><c></c></b></a>', 2)).toBe(6);
    expect(tooDeepAt('<a><b><c></c></b></a>', 3)).toBe(-1);
    expect(tooDeepAt('<a></a><b></b><c></c>', 1)).toBe(-1);
  });

  it('counts only real start tags', () => {
    const text = '<?xml version="1.0"?><!DOCTYPE x><a q=">" r=\'<b>\'><!-- <b><b><b> --><![CDATA[<b><b>]]><b/><b/></a>';
    expect(tooDeepAt(text, 1)).toBe(-1);
    expect(tooDeepAt('<a><b x="/"><c/></b></a>', 1)).toBe(3);
  });
});
