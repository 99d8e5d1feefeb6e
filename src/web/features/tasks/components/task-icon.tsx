import {
  AtSign,
  Camera,
  ClipboardList,
  Heart,
  type LucideIcon,
  Mail,
  MonitorPlay,
  PlayCircle,
  Repeat2,
  ShoppingBag,
  Smartphone,
  UserPlus,
  Users,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  twitter_follow: AtSign,
  twitter_retweet: Repeat2,
  twitter_like: Heart,
  instagram_follow: Camera,
  instagram_like: Heart,
  youtube_subscribe: MonitorPlay,
  youtube_like: Heart,
  watch_video_ad: PlayCircle,
  watch_rewarded_ad: PlayCircle,
  complete_survey: ClipboardList,
  app_install: Smartphone,
  app_trial: Smartphone,
  game_trial: Smartphone,
  email_signup: Mail,
  referral: Users,
  affiliate_click: ShoppingBag,
  affiliate_purchase: ShoppingBag,
};

export function TaskIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? UserPlus;
  return (
    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
      <Icon aria-hidden className="h-5 w-5" />
    </span>
  );
}
