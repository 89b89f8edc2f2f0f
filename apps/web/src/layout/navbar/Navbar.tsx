import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { resolveLogo, resolveSysName } from '../../utils/branding';
import { Breadcrumb } from './Breadcrumb';
import { CustomerContext, CustomerContextTag } from './CustomerContext';
import { ErrorLog } from './ErrorLog';
import { FullscreenToggle } from './FullscreenToggle';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSelect } from './LanguageSelect';
import { SizeSelect } from './SizeSelect';
import { ThemePicker } from './ThemePicker';
import { UserMenu } from './UserMenu';

/** Top bar: brand, sidebar toggle, breadcrumb, tools (desktop only) and the user menu. */
export function Navbar() {
  const branding = useUserStore((s) => s.branding);
  const mobile = useAppStore((s) => s.device === 'mobile');

  return (
    <header className="navbar">
      <div className="navbar-brand">
        <img className="navbar-logo" src={resolveLogo(branding)} alt="" width={32} height={32} />
        <span className="navbar-sys-name" id="sys-name" title={resolveSysName(branding)}>
          {resolveSysName(branding)}
        </span>
      </div>
      <Hamburger />
      <Breadcrumb />
      <CustomerContextTag />
      <div className="navbar-right">
        <CustomerContext />
        {mobile ? null : (
          <div className="navbar-tools">
            <HeaderSearch />
            <ErrorLog />
            <FullscreenToggle />
            <SizeSelect />
            <ThemePicker />
          </div>
        )}
        {/* On a phone too: the language is the one tool a phone user needs. */}
        <LanguageSelect />
        <UserMenu />
      </div>
    </header>
  );
}
