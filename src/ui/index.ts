// The reusable interface pieces of spec 1 §2.
export { Alert, type AlertKind } from './Alert';
export { Badge, type BadgeOption } from './Badge';
export { Button, IconButton, type ButtonVariant } from './Button';
export { DividerWithTitle } from './DividerWithTitle';
export { FeatureCard } from './FeatureCard';
export { Icon, type IconName } from './icons';
export { IntroHeading } from './IntroHeading';
export { Modal } from './Modal';
export { SearchField } from './SearchField';
export { Spinner } from './Spinner';
export { FieldFrame, NumberField, TextField } from './TextField';
export { ThemeToggle } from './ThemeToggle';
export { Logo } from './Logo';
export { Switch } from './Switch';
