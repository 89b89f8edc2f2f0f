/** The 401 page's back button: to the dashboard when `noGoBack` is set, else one step back. */
export function backTarget(search: string): '/dashboard' | -1 {
  const value = new URLSearchParams(search).get('noGoBack');
  return value !== null && value !== '' ? '/dashboard' : -1;
}
