import {
  Award,
  Banknote,
  Bell,
  ClipboardCheck,
  Clock,
  Coins,
  Flame,
  HeartHandshake,
  type LucideIcon,
  MessageSquare,
  MessageSquareReply,
  Scale,
  SearchCheck,
  ShieldAlert,
  Trophy,
  Truck,
  Undo2,
  UserCheck,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Notification, NotificationType } from '../../../../contract/notifications';
import { EmptyState } from '../../../components/ui/empty-state';
import { relativeTime } from '../../../lib/format';
import { useMarkRead } from '../api/mark-read';

const ICONS: Record<NotificationType, LucideIcon> = {
  win: Trophy,
  draw_result: SearchCheck,
  prize_closing: Clock,
  offer_credited: Coins,
  offer_reversed: Undo2,
  achievement: Award,
  withdrawal_paid: Banknote,
  withdrawal_rejected: Banknote,
  withdrawal_update: Banknote,
  prize_delivery: Truck,
  adjustment: Wrench,
  streak_at_risk: Flame,
  message_reply: MessageSquareReply,
  appeal_decided: Scale,
  missing_credit: SearchCheck,
  wellbeing: HeartHandshake,
  staff_complaint: MessageSquare,
  staff_withdrawal: Banknote,
  staff_risk: ShieldAlert,
  staff_approval: UserCheck,
  staff_decision: ClipboardCheck,
  staff_delivery: Truck,
};

export function NoNotifications() {
  return (
    <EmptyState icon={Bell} title="Nothing yet">
      We will tell you here when you win, when entries are credited and when a prize you entered is about to
      close.
    </EmptyState>
  );
}

/** Notifications as links to what each is about; following one marks it read. */
export function NotificationItems({
  notifications,
  onFollow,
}: {
  notifications: readonly Notification[];
  onFollow?: () => void;
}) {
  const markRead = useMarkRead();
  return (
    <ul className="divide-y divide-slate-100">
      {notifications.map((n) => {
        const Icon = ICONS[n.type];
        const unread = n.readAt === null;
        return (
          <li key={n._id}>
            <Link
              to={n.link}
              onClick={() => {
                if (unread) markRead.mutate({ ids: [n._id] });
                onFollow?.();
              }}
              className={`flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 ${unread ? 'bg-brand-50/60' : ''}`}
            >
              <span
                aria-hidden
                className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
                  unread ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'
                }`}
              >
                <Icon className="h-4 w-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span
                  className={`block break-words text-sm ${unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}
                >
                  {unread && <span className="sr-only">Unread: </span>}
                  {n.title}
                </span>
                <span className="mt-0.5 block break-words text-sm text-slate-600">{n.body}</span>
                <span className="mt-1 block text-xs text-slate-600">{relativeTime(n.createdAt)}</span>
              </span>
              {unread && <span aria-hidden className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
