import { useState, type ReactNode } from 'react';
import { Power, Search, UserPlus } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { USUARIO_ROLE_FILTERS, type UsuarioView } from '@shared/schemas/usuario';
import { formatCount } from '@shared/format';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateVendedor } from '../api/create-vendedor';
import { useUsuarios } from '../api/get-usuarios';
import { useUpdateUsuarioStatus } from '../api/update-usuario-status';
import { PermissionsCard } from './permissions-card';
import { VendedorForm } from './vendedor-form';

const ALL = 'todos';
const COLUMNS = ['Usuário', 'Email', 'Perfil', 'Status', 'Ações'];

export interface UsuariosScreenProps {
  currentUser: { id: string; role: Role };
}

/**
 * Usuários (SPEC §2, DESIGN §4.3): the real list, searched by name or e-mail and filtered by role. The
 * micro-franquia also creates vendedores here and reads what each may do.
 */
export function UsuariosScreen({ currentUser }: UsuariosScreenProps) {
  const roleOptions = USUARIO_ROLE_FILTERS[currentUser.role] ?? [];
  const isMicro = currentUser.role === 'micro_franquia';
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [creatingVendedor, setCreatingVendedor] = useState(false);
  const [toggling, setToggling] = useState<UsuarioView | null>(null);
  const q = useDebouncedValue(search.trim());
  const list = useUsuarios({
    q: q || undefined,
    role: role === ALL ? undefined : role,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });

  const toggle = useUpdateUsuarioStatus({
    onSuccess: (user) => {
      setToggling(null);
      toast(
        user.isActive
          ? { variant: 'success', title: 'Usuário ativado', description: 'O usuário pode acessar o sistema novamente' }
          : {
              variant: 'success',
              title: 'Usuário desativado',
              description: 'O usuário não pode mais acessar o sistema',
            },
      );
    },
    onError: (error) => {
      setToggling(null);
      toast({
        variant: 'destructive',
        title: 'Erro ao alterar status',
        description: errorMessage(error, error.message),
      });
    },
  });
  const createVendedor = useCreateVendedor({
    onSuccess: () => {
      setCreatingVendedor(false);
      toast({
        variant: 'success',
        title: 'Vendedor criado com sucesso',
        description: 'O novo vendedor foi cadastrado no sistema',
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao criar vendedor',
        description: errorMessage(error, error.message),
      }),
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  let body: ReactNode;
  if (list.isPending) {
    body = Array.from({ length: 5 }, (_, index) => (
      <TableRow key={index}>
        {COLUMNS.map((column) => (
          <TableCell key={column}>
            <Skeleton className="h-4 w-full min-w-12" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (list.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS.length} role="alert" className="py-10 text-center text-destructive">
          {errorMessage(list.error, 'Erro ao carregar usuários')}
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS.length} className="py-10 text-center text-muted-foreground">
          Nenhum usuário encontrado
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((user) => {
      const name = user.nome || user.email;
      return (
        <TableRow key={user.id}>
          <TableCell>
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
              >
                {name.charAt(0).toUpperCase()}
              </span>
              <span className="font-medium">{user.nome || '-'}</span>
            </div>
          </TableCell>
          <TableCell className="whitespace-nowrap">{user.email}</TableCell>
          <TableCell>
            <Badge variant="outline">{ROLE_LABELS[user.role]}</Badge>
          </TableCell>
          <TableCell>
            <Badge variant={user.isActive ? 'success' : 'secondary'}>{user.isActive ? 'Ativo' : 'Inativo'}</Badge>
          </TableCell>
          <TableCell>
            {user.id === currentUser.id ? (
              <span className="text-xs text-muted-foreground">Você</span>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                className={user.isActive ? 'text-destructive' : undefined}
                onClick={() => setToggling(user)}
              >
                <Power aria-hidden="true" />
                {user.isActive ? 'Desativar' : 'Ativar'} <span className="sr-only">{name}</span>
              </Button>
            )}
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {isMicro ? <PermissionsCard /> : null}

      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="usuarios-busca">Buscar</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="usuarios-busca"
              type="search"
              className="pl-9"
              placeholder="Nome ou email..."
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <div className="grid gap-2 md:w-56">
          <Label htmlFor="usuarios-perfil">Perfil</Label>
          <Select
            value={role}
            onValueChange={(value) => {
              setRole(value as Role | typeof ALL);
              setPage(1);
            }}
          >
            <SelectTrigger id="usuarios-perfil">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos</SelectItem>
              {roleOptions.map((option) => (
                <SelectItem key={option} value={option}>
                  {ROLE_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {isMicro ? (
          <Button onClick={() => setCreatingVendedor(true)}>
            <UserPlus aria-hidden="true" />
            Novo Vendedor
          </Button>
        ) : null}
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-2">
          <CardTitle as="h2" className="text-lg">
            Lista de Usuários
          </CardTitle>
          {list.data ? (
            <Badge variant="secondary">
              {formatCount(total)} {total === 1 ? 'usuário' : 'usuários'}
            </Badge>
          ) : null}
        </CardHeader>
        <CardContent>
          <Table aria-label="Lista de usuários" aria-busy={list.isPending}>
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>{body}</TableBody>
          </Table>
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPageChange={setPage} />
        </CardContent>
      </Card>

      {isMicro ? (
        <Dialog open={creatingVendedor} onOpenChange={setCreatingVendedor}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Novo Vendedor</DialogTitle>
              <DialogDescription>O vendedor será vinculado automaticamente à sua micro-franquia.</DialogDescription>
            </DialogHeader>
            <VendedorForm
              onSubmit={(values) => createVendedor.mutateAsync(values)}
              onCancel={() => setCreatingVendedor(false)}
            />
          </DialogContent>
        </Dialog>
      ) : null}

      <AlertDialog open={toggling !== null} onOpenChange={(open) => !open && setToggling(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{toggling?.isActive ? 'Desativar usuário' : 'Ativar usuário'}</AlertDialogTitle>
            <AlertDialogDescription>
              {toggling?.isActive
                ? `Tem certeza que deseja desativar ${toggling.nome || toggling.email}? O acesso ao sistema será encerrado imediatamente.`
                : `Tem certeza que deseja ativar ${toggling?.nome || toggling?.email || ''}? O acesso ao sistema será liberado.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={toggle.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              destructive={toggling?.isActive}
              disabled={toggle.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (toggling) toggle.mutate({ id: toggling.id, isActive: !toggling.isActive });
              }}
            >
              {toggling?.isActive ? 'Desativar' : 'Ativar'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
