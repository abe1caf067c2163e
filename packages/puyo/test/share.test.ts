import { describe, expect, it } from 'vitest';
import { decodeShareString, nexusUrl, parseField, puyopUrl } from '../src/index.js';
import { decodeNexus, decodePuyop, encodeNexus, encodePuyop } from '../src/share.js';
import { errorOf, readFixture } from './helpers.js';

describe('puyop.com field strings', () => {
  // The example from puyoai's puyop encoder tests.
  const field = parseField('.....Y\n.G..YY\nRGRRBB\nRRGRGB');

  it('encodes two cells a digit, top row first, leading empties dropped', () => {
    expect(encodePuyop(field)).toBe('420Aa9r9hj');
    expect(puyopUrl(field)).toBe('https://puyop.com/s/420Aa9r9hj');
  });

  it('decodes strings and URLs, ignoring the move list after _', () => {
    expect(decodePuyop('420Aa9r9hj')).toEqual(field);
    expect(decodeShareString('http://www.puyop.com/s/420Aa9r9hj_0a1b')).toEqual(field);
    expect(decodePuyop('')).toEqual(parseField('......'));
  });

  it('round-trips the 19-chain, garbage and purple', () => {
    const seq19 = parseField(readFixture('seq19.dat'));
    expect(decodePuyop(encodePuyop(seq19))).toEqual(seq19);
    const mixed = parseField('PO\nOP....\nRGBYPO');
    // Row 3: P,O = 5*8+6 = 46 'K'; row 2: O,P = 53 'R'; row 1: R,G = 10 'a', B,Y = 28 's', P,O = 'K'.
    expect(encodePuyop(mixed)).toBe('K00R00asK');
    expect(decodePuyop('K00R00asK')).toEqual(mixed);
  });

  it('decodes the one-digit-a-cell "=" form', () => {
    expect(decodePuyop('=123456')).toEqual(parseField('RGBYPO'));
  });

  it('rejects what it cannot read', () => {
    expect(errorOf(() => decodePuyop('42!'))).toBe('puyop.com field string: unexpected "!" at character 3');
    expect(errorOf(() => decodePuyop('7'))).toBe('puyop.com field string: cell code 7 at character 1 is not a colour or garbage');
    expect(errorOf(() => decodePuyop('1'.repeat(40)))).toBe('puyop.com field string is too long: 40 characters, at most 39');
    expect(errorOf(() => encodePuyop(parseField(`R\n${'\n'.repeat(13)}`)))).toBe('puyop.com fields have 13 rows: row 14 cannot be shared there');
  });
});

describe('Puyo Nexus chain simulator links', () => {
  it('encodes the legacy chain= digits (4 R, 7 G, 5 B, 6 Y, 8 P, 1 garbage)', () => {
    const field = parseField('R.....\nRGBYPO');
    expect(encodeNexus(field)).toBe('400000475681');
    expect(nexusUrl(field)).toBe('https://puyonexus.com/chainsim/?w=6&h=12&chain=400000475681');
  });

  it('decodes query links, bracket links and bare chain= strings', () => {
    const field = parseField('R.....\nRGBYPO');
    expect(decodeShareString('https://puyonexus.com/chainsim/?w=6&h=12&hr=1&chain=400000475681')).toEqual(field);
    expect(decodeShareString('https://puyonexus.com/chainsim/??(6,12,1)400000475681')).toEqual(field);
    expect(decodeShareString('chain=400000475681')).toEqual(field);
  });

  it('uses hr=2 for row 14 and round-trips the 19-chain', () => {
    const high = parseField(`P\n${'\n'.repeat(12)}R`);
    expect(nexusUrl(high)).toBe(`https://puyonexus.com/chainsim/?w=6&h=12&hr=2&chain=8${'0'.repeat(77)}400000`);
    expect(decodeNexus(nexusUrl(high))).toEqual(high);
    const seq19 = parseField(readFixture('seq19.dat'));
    expect(decodeNexus(nexusUrl(seq19))).toEqual(seq19);
  });

  it('rejects short links, other sizes and non-Tsu puyos', () => {
    expect(errorOf(() => decodeShareString('https://puyonexus.com/chainsim/chain/abc123'))).toBe(
      'Puyo Nexus short links (/chain/ID) are stored on puyonexus.com and cannot be read offline; use a link with chain= in it',
    );
    expect(errorOf(() => decodeShareString('https://puyonexus.com/chainsim/?w=8&h=12&chain=44'))).toBe(
      'Puyo Nexus field is 8x12: only 6x12 fields are Puyo Puyo Tsu',
    );
    expect(errorOf(() => decodeShareString('https://puyonexus.com/chainsim/?chain=44B'))).toBe(
      'Puyo Nexus chain: point puyos ("B" at cell 3) are not part of Puyo Puyo Tsu',
    );
    expect(errorOf(() => decodeShareString('https://puyonexus.com/chainsim/?chain=449'))).toBe('Puyo Nexus chain: unexpected "9" at cell 3');
  });
});
