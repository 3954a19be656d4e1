import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { getAccessToken } from '../api/storage';
import { Spinner } from '../ui';
import { alwaysRoutes, homeFor, isReachable, isUnder } from '../core/session/route-sets';
import { useSessionStore } from '../api/session-store';

/**
 * The root of every route. It reads the session once, then keeps the visitor inside the route set
 * of their sign-in state: any other path goes to the set's first route (spec 1 §2, spec 3 §2).
 */
export function SessionGate() {
  const status = useSessionStore((s) => s.status);
  const load = useSessionStore((s) => s.load);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hadToken = getAccessToken() !== null;
    void load().then((state) => {
      // Spec 3 §4: a token the server refuses is dropped and the user is sent to login.
      const onAlwaysRoute = alwaysRoutes.some((route) => isUnder(window.location.pathname, route));
      if (hadToken && state === 'signedOut' && !onAlwaysRoute) navigate('/login', { replace: true });
    });
  }, [load, navigate]);

  if (status === 'loading') return <FullPageLoader />;
  if (!isReachable(status, pathname)) return <Navigate to={homeFor(status)} replace />;
  return <Outlet />;
}

export function FullPageLoader() {
  return (
    <div className="full-page-center">
      <Spinner size={32} label="Loading BotFlow" />
    </div>
  );
}
