// The few ECMA-48 control sequences the animator writes (CSI = ESC [), kept here rather than taken
// from a package: six constants do not justify a dependency in a library meant to bundle anywhere.
const CSI = '\u001B[';

export const cursorHide = `${CSI}?25l`;
export const cursorShow = `${CSI}?25h`;
export const eraseLine = `${CSI}2K`;
export const eraseDown = `${CSI}J`;
export const cursorUp = (rows: number): string => `${CSI}${rows}A`;
export const cursorDown = (rows: number): string => `${CSI}${rows}B`;
