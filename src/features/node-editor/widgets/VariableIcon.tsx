import {
  AtSign,
  Banknote,
  Briefcase,
  Building,
  Building2,
  Cake,
  Calendar,
  CalendarClock,
  Car,
  Clock,
  CreditCard,
  File,
  Flag,
  Globe,
  GraduationCap,
  Hash,
  HeartPulse,
  House,
  IdCard,
  Image,
  Languages,
  Link,
  List,
  ListChecks,
  Lock,
  Mail,
  Mailbox,
  MapPin,
  MessageSquare,
  Package,
  Percent,
  Phone,
  Signature,
  Smartphone,
  Star,
  StickyNote,
  ToggleLeft,
  Type,
  User,
  VenusAndMars,
  type LucideIcon,
} from 'lucide-react';
import { FIELD_ICON_LABELS, type FieldIconKind } from '../../../core/flow';

/** Every icon kind of the field-type catalogue (src/core/flow/field-icons.ts), drawn with Lucide. */
export const VARIABLE_ICONS: Record<FieldIconKind, LucideIcon> = {
  text: Type,
  name: Signature,
  user: User,
  username: AtSign,
  email: Mail,
  phone: Phone,
  mobile: Smartphone,
  address: House,
  city: Building2,
  country: Flag,
  zip: Mailbox,
  location: MapPin,
  date: Calendar,
  time: Clock,
  datetime: CalendarClock,
  birthday: Cake,
  boolean: ToggleLeft,
  list: List,
  options: ListChecks,
  number: Hash,
  quantity: Package,
  price: Banknote,
  percent: Percent,
  password: Lock,
  url: Link,
  website: Globe,
  id: IdCard,
  card: CreditCard,
  company: Building,
  job: Briefcase,
  gender: VenusAndMars,
  language: Languages,
  file: File,
  image: Image,
  message: MessageSquare,
  rating: Star,
  note: StickyNote,
  education: GraduationCap,
  health: HeartPulse,
  vehicle: Car,
};

/** A variable's icon. Decorative unless `labelled`, when it names its kind for screen readers. */
export function VariableIcon({
  kind,
  size = 16,
  labelled = false,
}: {
  kind: FieldIconKind;
  size?: number;
  labelled?: boolean;
}) {
  const Icon = VARIABLE_ICONS[kind];
  return labelled ? (
    <Icon size={size} role="img" aria-label={FIELD_ICON_LABELS[kind]} data-icon={kind} />
  ) : (
    <Icon size={size} aria-hidden="true" data-icon={kind} />
  );
}
