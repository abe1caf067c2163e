// The examples a host offers (the web page's ?example=NAME): each runs in a second or two.
import type { PluginSample } from '@kit/core';

const layers = (...stack: string[][]) => `${stack.map((layer) => layer.join('\n')).join('\n\n')}\n`;

/** A small BurrTools file, as BurrTools lays it out: the eight tetracubes, two problems. */
const TETRACUBES_XMPUZZLE = `<?xml version="1.0"?>
<puzzle version="2">
 <gridType type="0"/>
 <colors/>
 <shapes>
  <voxel x="4" y="4" z="2" name="Box" type="0">################################</voxel>
  <voxel x="4" y="1" z="1" name="I" type="0">####</voxel>
  <voxel x="2" y="2" z="1" name="O" type="0">####</voxel>
  <voxel x="3" y="2" z="1" name="L" type="0">####__</voxel>
  <voxel x="3" y="2" z="1" name="T" type="0">###_#_</voxel>
  <voxel x="3" y="2" z="1" name="S" type="0">##__##</voxel>
  <voxel x="2" y="2" z="2" name="A" type="0">###__#__</voxel>
  <voxel x="2" y="2" z="2" name="B" type="0">##_##___</voxel>
  <voxel x="2" y="2" z="2" name="P" type="0">###_#___</voxel>
 </shapes>
 <problems>
  <problem name="All eight" state="0">
   <shapes>
    <shape id="1" count="1"/>
    <shape id="2" count="1"/>
    <shape id="3" count="1"/>
    <shape id="4" count="1"/>
    <shape id="5" count="1"/>
    <shape id="6" count="1"/>
    <shape id="7" count="1"/>
    <shape id="8" count="1"/>
   </shapes>
   <result id="0"/>
   <bitmap/>
  </problem>
 </problems>
 <comment/>
</puzzle>
`;

export const samples: readonly PluginSample[] = [
  { name: 'soma', title: 'The Soma cube: 240 solutions', options: { set: 'soma' } },
  {
    name: 'bathtub',
    title: 'The Soma bathtub: 79 solutions',
    input: layers(['.....', '.....', '.....'], ['.....', '.###.', '.....']),
    options: { set: 'soma' },
  },
  {
    name: 'steps',
    title: 'Soma steps: 71 solutions',
    input: layers(['.....', '.....', '.....'], ['...##', '...##', '...##'], ['.####', '.####', '.####']),
    options: { set: 'soma' },
  },
  { name: 'tetracubes', title: 'The eight tetracubes in 2x4x4: 695 solutions', options: { set: 'tetracubes' } },
  { name: 'pentominoes-2x3x10', title: 'The solid pentominoes in 2x3x10: 12 solutions', options: { set: 'solid-pentominoes', box: '2x3x10' } },
  { name: 'burrtools', title: 'A BurrTools file, the tetracubes in 4x4x2: 695 solutions', input: TETRACUBES_XMPUZZLE },
];
