import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { ClassTag } from '../common/ClassName';

/** The four classes with their colours, most suitable first. */
export function ClassLegend({
  names,
  colors,
  testId = 'zoning-legend',
}: {
  names: readonly string[];
  colors: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="zn-legend" data-testid={testId} role="list" aria-label={t('product.legend')}>
      {names.map((name, cls) => (
        <span role="listitem" key={cls}>
          <ClassTag cls={cls} name={name} colors={colors} />
        </span>
      ))}
    </div>
  );
}
