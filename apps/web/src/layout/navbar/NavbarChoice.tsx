import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';

/**
 * A navbar icon button opening a menu of choices, the current one marked (language, control size); choosing the
 * current one again does nothing.
 */
export function NavbarChoice<K extends string>({
  id,
  label,
  icon,
  value,
  choices,
  onChoose,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  value: K;
  choices: readonly { key: K; label: ReactNode }[];
  onChoose: (next: K) => void;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: [...choices],
        onClick: ({ key }) => {
          if (key !== value) onChoose(key as K);
        },
      }}
    >
      <Button id={id} type="text" className="navbar-button" aria-label={label} icon={icon} />
    </Dropdown>
  );
}
