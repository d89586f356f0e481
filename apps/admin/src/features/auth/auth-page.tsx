import { Tabs, TabsContent, TabsList, TabsTrigger } from '@repo/ui';
import { Navigate, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';
import { RegisterForm } from './register-form';
import { useSession } from './session-context';

export function AuthPage() {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const goToAdmin = () => navigate('/admin', { replace: true });

  if (isLoading) return <FullPageSpinner label="Loading session" />;
  // Spec section 2: a logged-in user is redirected to /admin.
  if (user) return <Navigate to="/admin" replace />;

  return (
    <AuthShell description="Log in to manage the waitlist, the beta and messages.">
      <Tabs defaultValue="login">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="grid gap-4">
          <SsoSignIn />
          <LoginForm onSuccess={goToAdmin} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm onSuccess={goToAdmin} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
