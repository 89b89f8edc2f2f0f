import { ZONING_CLASS_COLORS } from '@agromet/contracts/web';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** The name of a class (its own, or the default in the user's language). */
export function useClassName(): (cls: number | null | undefined, names?: readonly string[]) => string {
  const { t } = useTranslation(NS);
  return (cls, names) => {
    if (cls === null || cls === undefined || cls < 0 || cls > 3) return t('classes.none');
    const own = names?.[cls]?.trim();
    return own || t(`classes.c${cls}`);
  };
}

/** A class swatch with its name. */
export function ClassTag({ cls, name, colors = ZONING_CLASS_COLORS }: { cls: number | null; name: string; colors?: readonly string[] }) {
  const color = cls !== null && cls >= 0 && cls < colors.length ? colors[cls] : undefined;
  return (
    <span className="zn-class" data-class={cls ?? ''}>
      <span className={color ? 'zn-swatch' : 'zn-swatch zn-swatch-none'} style={color ? { background: color } : undefined} aria-hidden />
      {name}
    </span>
  );
}
