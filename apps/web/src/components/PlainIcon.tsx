import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, ...(node.children ?? []).map((child, i) => render(child, i)));
}

/**
 * One of antd's icons (their SVG definitions) without the icon component library: for the login page, which loads
 * no component library. Sized by the font, coloured by the text, hidden from screen readers like a decoration.
 */
export function PlainIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  if (typeof icon.icon === 'function') return null;
  const svg = icon.icon;
  return (
    <span role="img" aria-hidden className={['plain-icon', className].filter(Boolean).join(' ')}>
      {createElement(
        'svg',
        { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor' },
        ...(svg.children ?? []).map((child, i) => render(child, i)),
      )}
    </span>
  );
}
