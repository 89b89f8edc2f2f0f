import { PlusOutlined } from '@ant-design/icons';
import { Button, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZoningPage } from '../common/ZoningPage';
import { CalendarForm } from './CalendarForm';
import { NS } from './i18n';
import { useCalendarDraft, type CalendarDraftState } from './use-calendar-draft';
import './calendar.css';

/** The customer's crops, the chosen one marked, each with whether its calendar is built in or missing. */
function CropList({ editor }: { editor: CalendarDraftState }) {
  const { t } = useTranslation(NS);
  const { calendars, cropId } = editor;
  return (
    <List
      size="small"
      className="cc-crops"
      header={<Typography.Text strong>{t('crops')}</Typography.Text>}
      loading={calendars.isPending}
      dataSource={calendars.data ?? []}
      renderItem={(e) => (
        <List.Item
          className={e.cropId === cropId ? 'cc-selected' : undefined}
          onClick={() => editor.setCropId(e.cropId)}
          data-crop={e.cropKey || e.cropId}
        >
          {/* The name on its own line, its state under it: in a narrow list a tag beside it broke words apart. */}
          <div className="cc-crop">
            <Typography.Text className="cc-crop-name">{e.cropName}</Typography.Text>
            {e.calendar ? e.calendar.builtIn ? <Tag>{t('builtIn')}</Tag> : null : <Tag color="default">{t('noCalendar')}</Tag>}
          </div>
        </List.Item>
      )}
    />
  );
}

/**
 * /zoning-manage/crop-calendar: the crops with their development stages (docs/crop-calendar.md) — a timeline over the
 * year, the stages to add, edit or remove, and the shift with altitude and latitude. The engine's checks show beside
 * the fields while typing; the server's answer after a refusal.
 */
export function CropCalendarPage() {
  const { t } = useTranslation(NS);
  const editor = useCalendarDraft();
  const { entry, draft } = editor;
  return (
    <ZoningPage id="crop-calendar" titleKey="cropCalendar" wide data={{ 'data-crop': editor.cropId ?? 0 }}>
      <div className="cc-layout">
        <CropList editor={editor} />
        <div className="cc-editor" data-testid="calendar-editor">
          {entry && !draft ? (
            <Button icon={<PlusOutlined aria-hidden />} onClick={editor.create}>
              {t('create')}
            </Button>
          ) : null}
          {draft ? <CalendarForm draft={draft} editor={editor} /> : null}
        </div>
      </div>
    </ZoningPage>
  );
}
