export { AppShellLayout, SIDEBAR_WIDTH_PX } from './app-shell-layout';
export type { RestrictedUserBannerProps } from './banners';
export {
  AccessChangedBanner,
  BackendDownBanner,
  ImpersonationRanOutBanner,
  InstitutionLoadErrorBar,
  RestrictedUserBanner,
  SignedOutBanner,
  StaleSessionBanner,
} from './banners';
export { footerLinks, ShellFooter } from './footer';
export { HelpButton } from './help-button';
export { InstitutionSwitcher } from './institution-switcher';
export { PortalLogo } from './logo';
export { NAVBAR_HEIGHT_PX, ShellNavbar } from './navbar';
export { TrustedIcon } from './trusted-icon';
export type * from './types';
export { UserMenu } from './user-menu';
export { buildUserMenuEntries } from './user-menu-entries';
