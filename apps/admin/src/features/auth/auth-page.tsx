import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@repo/ui';
import { Navigate, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AuthSidePanel } from './auth-side-panel';
import { LoginForm } from './login-form';
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
    <div className="grid min-h-screen md:grid-cols-2">
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Wordloom Admin</h1>
            <CardDescription>Log in to manage the waitlist, the beta and messages.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="login">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm onSuccess={goToAdmin} />
              </TabsContent>
              <TabsContent value="register">
                <RegisterForm onSuccess={goToAdmin} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
      <AuthSidePanel />
    </div>
  );
}
