export { ThemePage } from './ThemePage';
