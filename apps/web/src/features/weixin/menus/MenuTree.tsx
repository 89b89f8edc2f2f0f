import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { MENU_LIMITS, type Menu, type MenuButton, type MenuIssue } from '@agromet/contracts/web';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderActions } from '../../../components/ordered-list/OrderActions';
import { NS } from '../i18n';
import { addSub, addTop, moveAt, removeAt, type MenuPlace } from './menu-editor';
import { dropMove, invalidAt, placeKey, placeMovedTo } from './menu-places';

interface TreeProps {
  menu: Menu;
  issues: readonly MenuIssue[];
  selected: MenuPlace | null;
  onSelect: (p: MenuPlace) => void;
  /** The menu after an edit, and the place to select then (null: none; undefined: unchanged). */
  onEdit: (next: Menu, select?: MenuPlace | null) => void;
}

/** One button of the tree: drag handle, name, its type or sub-button count, and move up/down and remove. */
function MenuNode({
  button: b,
  place: p,
  siblings,
  tree,
  onDragStart,
  onDrop,
}: {
  button: MenuButton;
  place: MenuPlace;
  siblings: number;
  tree: TreeProps;
  onDragStart: (p: MenuPlace) => void;
  onDrop: (p: MenuPlace) => void;
}) {
  const { t } = useTranslation(NS);
  const { menu, selected, onEdit } = tree;
  const index = p.sub === null ? p.top : p.sub;
  const isSel = selected !== null && selected.top === p.top && selected.sub === p.sub;
  const move = (to: number) => onEdit(moveAt(menu, p, to), placeMovedTo(p, to));
  const tips = { up: t('menu.moveUp'), down: t('menu.moveDown'), remove: t('menu.remove') };
  return (
    <div
      className="ordered-item wx-menu-node"
      data-selected={isSel}
      data-invalid={invalidAt(tree.issues, p)}
      data-place={placeKey(p)}
      draggable
      onDragStart={(e) => {
        onDragStart(p);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', placeKey(p));
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onDrop(p);
      }}
      onClick={() => tree.onSelect(p)}
    >
      <HolderOutlined aria-hidden className="list-hint" />
      <span className="ordered-item-name">{b.name || '—'}</span>
      {b.sub_button && b.sub_button.length > 0 ? <Tag>{b.sub_button.length}</Tag> : b.type ? <Tag>{t(`menu.types.${b.type}`)}</Tag> : null}
      <OrderActions
        index={index}
        count={siblings}
        labels={{ up: `${tips.up} ${b.name}`, down: `${tips.down} ${b.name}`, remove: `${tips.remove} ${b.name}` }}
        tips={tips}
        onMove={move}
        onRemove={() => onEdit(removeAt(menu, p), null)}
      />
    </div>
  );
}

/** The menu as a tree: top buttons with their sub-menus, reordered by drag or arrows; a button added at either level. */
export function MenuTree(tree: TreeProps) {
  const { t } = useTranslation(NS);
  const { menu, onEdit } = tree;
  const [dragged, setDragged] = useState<MenuPlace | null>(null);
  const dropOn = (target: MenuPlace) => {
    if (!dragged) return;
    const moved = dropMove(menu, dragged, target);
    if (moved) onEdit(moved.menu, moved.select);
    setDragged(null);
  };
  const node = (b: MenuButton, p: MenuPlace, siblings: number) => (
    <MenuNode button={b} place={p} siblings={siblings} tree={tree} onDragStart={setDragged} onDrop={dropOn} />
  );
  return (
    <div>
      <ul className="wx-menu-tree" id="wx-menu-tree">
        {menu.button.map((b, top) => (
          <li key={top}>
            {node(b, { top, sub: null }, menu.button.length)}
            <ul className="wx-menu-sub">
              {(b.sub_button ?? []).map((s, sub) => (
                <li key={sub}>{node(s, { top, sub }, b.sub_button!.length)}</li>
              ))}
              {(b.sub_button?.length ?? 0) < MENU_LIMITS.sub ? (
                <li>
                  <Button
                    type="dashed"
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    aria-label={`${t('menu.addSub')} ${b.name}`}
                    onClick={() => onEdit(addSub(menu, top, t('menu.newButton')), { top, sub: b.sub_button?.length ?? 0 })}
                  >
                    {t('menu.addSub')}
                  </Button>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
      {menu.button.length < MENU_LIMITS.top ? (
        <Button
          id="wx-menu-add-top"
          type="dashed"
          block
          icon={<PlusOutlined aria-hidden />}
          onClick={() => onEdit(addTop(menu, t('menu.newButton')), { top: menu.button.length, sub: null })}
        >
          {t('menu.addTop')}
        </Button>
      ) : null}
      <div className="list-hint">{t('menu.dragHint')}</div>
    </div>
  );
}
