import { ZONING_CLASS_COLORS, ZONING_LIMITS } from '@agromet/contracts/web';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { needsWeights, type CriterionDraft } from './criterion-rules';
import type { FieldStatus } from './field-status';

const num = (v: number) => (Number.isFinite(v) ? v : null);

interface Props {
  draft: CriterionDraft;
  /** The class names as shown (the draft's, else the default names). */
  names: readonly string[];
  status: FieldStatus;
  change: (patch: Partial<CriterionDraft>) => void;
}

/** The classes of a criterion: their names, and for the weighted methods the class scores and cut points. */
export function CriterionClassFields({ draft, names, status, change }: Props) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Form.Item label={t('criterion.classNames')} extra={t('criterion.classNamesHint')}>
        <div className="zn-inline-numbers">
          {draft.classNames.map((n, k) => (
            <Form.Item key={k} {...status('classNames', k)}>
              <Input
                className={`criterion-class-name-${k}`}
                aria-label={`${t('criterion.classNames')} ${k + 1}`}
                prefix={<span className="zn-swatch" style={{ background: ZONING_CLASS_COLORS[k] }} aria-hidden />}
                placeholder={t(`classes.c${k}`)}
                maxLength={ZONING_LIMITS.className}
                style={{ width: 140 }}
                value={n}
                onChange={(e) => change({ classNames: draft.classNames.map((x, i) => (i === k ? e.target.value : x)) })}
              />
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      {draft.method === 'weighted' ? (
        <Form.Item label={t('criterion.classScores')} extra={t('criterion.classScoresHint')} {...status('classScores')}>
          <div className="zn-inline-numbers">
            {draft.classScores.map((s, k) => (
              <InputNumber
                key={k}
                className={`criterion-score-${k}`}
                aria-label={`${t('criterion.classScores')} ${names[k]}`}
                prefix={<span className="zn-swatch" style={{ background: ZONING_CLASS_COLORS[k] }} aria-hidden />}
                style={{ width: 110 }}
                value={num(s)}
                onChange={(v) =>
                  change({
                    classScores: draft.classScores.map((x, i) => (i === k ? (v ?? Number.NaN) : x)) as CriterionDraft['classScores'],
                  })
                }
              />
            ))}
          </div>
        </Form.Item>
      ) : null}
      {needsWeights(draft.method) ? (
        <Form.Item
          label={t('criterion.cutPoints')}
          extra={t('criterion.cutPointsHint', { c0: names[0], c1: names[1], c2: names[2], c3: names[3] })}
          {...status('cutPoints')}
        >
          <div className="zn-inline-numbers">
            {draft.cutPoints.map((c, k) => (
              <Form.Item key={k} {...status('cutPoints', k)}>
                <InputNumber
                  className={`criterion-cut-${k}`}
                  aria-label={t('criterion.cutPoint', { n: k + 1 })}
                  prefix={`${k + 1}`}
                  step={draft.method === 'fuzzy' ? 0.05 : 0.1}
                  style={{ width: 110 }}
                  value={num(c)}
                  onChange={(v) =>
                    change({ cutPoints: draft.cutPoints.map((x, i) => (i === k ? (v ?? Number.NaN) : x)) as CriterionDraft['cutPoints'] })
                  }
                />
              </Form.Item>
            ))}
          </div>
        </Form.Item>
      ) : null}
    </>
  );
}
