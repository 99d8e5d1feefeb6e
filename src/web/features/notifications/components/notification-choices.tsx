import { useState } from 'react';
import {
  NOTIFICATION_TOPICS,
  type NotificationTopic,
  type Preferences,
  TOPIC_LABELS,
} from '../../../../contract/notifications';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { PushSwitch } from './push-switch';

const CHANNELS: ReadonlyArray<{ key: keyof Preferences; label: string }> = [
  { key: 'email', label: 'Email' },
  { key: 'push', label: 'Push' },
];

/**
 * What the member hears about, by email and by push (DESIGN §9). Each switch
 * is saved as it changes. News is marketing: it stays off until ticked.
 */
export function NotificationChoices() {
  const query = usePreferences();
  const update = useUpdatePreferences();
  // A switch moves the moment it is pressed, and back if the server refuses: a checkbox that waited for
  // the server's answer would spring back first.
  const [pressed, setPressed] = useState<Preferences | null>(null);
  const data = pressed ?? query.data;
  if (query.isPending) return <Spinner label="Loading your choices..." />;
  if (query.isError || !data) return <LoadError what="Your choices" />;

  const change = (channel: keyof Preferences, topic: NotificationTopic, on: boolean) => {
    setPressed({ ...data, [channel]: { ...data[channel], [topic]: on } });
    update.mutate(
      { [channel]: { [topic]: on } },
      {
        onSuccess: () => toast.success('Your choices are saved'),
        onError: (err) => toast.error(errorText(err, 'Your choice could not be saved')),
        onSettled: () => setPressed(null),
      },
    );
  };

  return (
    <div className="space-y-5 p-5 text-sm text-slate-700">
      <p>
        We always email you about wins, withdrawals and your account’s security. Choose what else you hear
        about.
      </p>
      <Table
        rows={NOTIFICATION_TOPICS}
        rowKey={(topic) => topic}
        columns={[
          {
            header: 'Topic',
            headerHidden: true,
            rowHeader: true,
            td: 'pr-3 font-normal',
            cell: (topic) => (
              <>
                <span className="block font-semibold text-slate-900">{TOPIC_LABELS[topic].label}</span>
                <span className="block text-slate-600">{TOPIC_LABELS[topic].hint}</span>
              </>
            ),
          },
          ...CHANNELS.map(
            (c): Column<NotificationTopic> => ({
              header: c.label,
              align: 'center',
              th: 'w-16',
              cell: (topic) => (
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  aria-label={`${TOPIC_LABELS[topic].label} by ${c.label.toLowerCase()}`}
                  checked={data[c.key][topic]}
                  onChange={(e) => change(c.key, topic, e.target.checked)}
                />
              ),
            }),
          ),
        ]}
        look={{ table: 'w-full text-left', head: 'text-slate-600', th: 'pb-2 font-semibold', td: 'py-3' }}
      />
      <PushSwitch />
    </div>
  );
}
