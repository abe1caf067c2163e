// Plain text with its web links made links (a plugin's summary names puzzle links).
import { h } from './dom.js';

const LINK = /https?:\/\/[^\s"<>]+[^\s"<>.,;:)]/g;

export function linkify(text: string): (string | HTMLAnchorElement)[] {
  const parts: (string | HTMLAnchorElement)[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(h('a', { href: match[0], rel: 'noopener noreferrer', target: '_blank' }, match[0]));
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
