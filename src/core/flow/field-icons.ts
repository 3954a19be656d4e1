// The field-type catalogue's icon kinds (spec 2 §3: "about 40 kinds for variable icons (user,
// email, phone, name, address, date, boolean, list, number, text and others)"). A wizard step
// stores its kind as `fieldIcon`; the editor draws each kind with an icon set
// (src/features/node-editor/widgets/VariableIcon.tsx).

export const FIELD_ICON_KINDS = [
  'text',
  'name',
  'user',
  'username',
  'email',
  'phone',
  'mobile',
  'address',
  'city',
  'country',
  'zip',
  'location',
  'date',
  'time',
  'datetime',
  'birthday',
  'boolean',
  'list',
  'options',
  'number',
  'quantity',
  'price',
  'percent',
  'password',
  'url',
  'website',
  'id',
  'card',
  'company',
  'job',
  'gender',
  'language',
  'file',
  'image',
  'message',
  'rating',
  'note',
  'education',
  'health',
  'vehicle',
] as const;

export type FieldIconKind = (typeof FIELD_ICON_KINDS)[number];

/** What each kind is called in the editor. */
export const FIELD_ICON_LABELS: Record<FieldIconKind, string> = {
  text: 'Text',
  name: 'Name',
  user: 'User',
  username: 'Username',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  address: 'Address',
  city: 'City',
  country: 'Country',
  zip: 'Postal code',
  location: 'Location',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  birthday: 'Birthday',
  boolean: 'Yes / no',
  list: 'List',
  options: 'Options',
  number: 'Number',
  quantity: 'Quantity',
  price: 'Price',
  percent: 'Percent',
  password: 'Password',
  url: 'URL',
  website: 'Website',
  id: 'ID document',
  card: 'Payment card',
  company: 'Company',
  job: 'Job',
  gender: 'Gender',
  language: 'Language',
  file: 'File',
  image: 'Image',
  message: 'Message',
  rating: 'Rating',
  note: 'Note',
  education: 'Education',
  health: 'Health',
  vehicle: 'Vehicle',
};

const KINDS: ReadonlySet<string> = new Set(FIELD_ICON_KINDS);

export function isFieldIconKind(value: unknown): value is FieldIconKind {
  return typeof value === 'string' && KINDS.has(value);
}

/** The icon a step of this form-field type starts with. */
const BY_FIELD_TYPE: Record<string, FieldIconKind> = {
  text: 'text',
  number: 'number',
  email: 'email',
  password: 'password',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  url: 'url',
  phone: 'phone',
  bool: 'boolean',
  options: 'options',
};

export function defaultFieldIcon(fieldType: string): FieldIconKind {
  return BY_FIELD_TYPE[fieldType] ?? 'text';
}

/** The kind to draw for a stored `fieldIcon`: unknown or missing ones follow the field's type. */
export function fieldIconOf(fieldIcon: string | undefined, fieldType: string): FieldIconKind {
  return isFieldIconKind(fieldIcon) ? fieldIcon : defaultFieldIcon(fieldType);
}
