import type { LucideIcon } from 'lucide-react';
import {
  BookOpen,
  Building2,
  CalendarDays,
  ClipboardList,
  GraduationCap,
  Heart,
  Store,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardMetrics } from '@shared/schemas/auth';
import { formatCount } from '@shared/format';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';

/** SPEC §2: the cards in this order, each only when the server sent its count. */
const METRIC_CARDS: readonly { key: keyof DashboardMetrics; label: string; icon: LucideIcon }[] = [
  { key: 'totalFranquias', label: 'Franquias', icon: Building2 },
  { key: 'totalMicroFranquias', label: 'Micro-Franquias', icon: Store },
  { key: 'totalClientes', label: 'Clientes', icon: Users },
  { key: 'totalCursos', label: 'Cursos', icon: BookOpen },
  { key: 'totalEventos', label: 'Eventos', icon: CalendarDays },
  { key: 'totalInteresses', label: 'Interesses', icon: Heart },
  { key: 'totalLeads', label: 'Leads', icon: UserPlus },
  { key: 'totalPreMatriculas', label: 'Pré-Matrículas', icon: ClipboardList },
  { key: 'totalMatriculas', label: 'Matrículas Efetivadas', icon: GraduationCap },
];

/** SPEC §9: placeholders while the counts load. */
const LOADING_CARDS = 7;

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

function EmptyMetrics({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="p-10 text-center text-muted-foreground">{text}</CardContent>
    </Card>
  );
}

export type MetricKey = keyof DashboardMetrics;

/** Each count's list (issue 23): the route composes it with what the role may open. */
export const METRIC_LIST_PATHS: Record<MetricKey, string> = {
  totalFranquias: '/franquias',
  totalMicroFranquias: '/micro-franquias',
  totalClientes: '/clientes',
  totalCursos: '/cursos',
  totalEventos: '/eventos',
  totalInteresses: '/interesses',
  totalLeads: '/leads',
  totalPreMatriculas: '/pre-matriculas',
  totalMatriculas: '/matriculas',
};

export interface MetricsOverviewProps {
  /** The list a card opens, or null when the role cannot open it (issue 23: a card links to its list). */
  linkFor?: (key: MetricKey) => string | null;
}

export function MetricsOverview({ linkFor = () => null }: MetricsOverviewProps) {
  const metrics = useDashboardMetrics();

  if (metrics.isPending) {
    return (
      <div role="status" aria-label="Carregando métricas" className={GRID}>
        {Array.from({ length: LOADING_CARDS }, (_, index) => (
          <Card key={index} data-testid="metric-skeleton" className="p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-4 h-8 w-16" />
          </Card>
        ))}
      </div>
    );
  }

  const data = metrics.data;
  if (metrics.isError || !data) return <EmptyMetrics text="Nenhuma métrica disponível" />;

  const cards = METRIC_CARDS.flatMap((card) => {
    const value = data[card.key];
    return typeof value === 'number' ? [{ ...card, value }] : [];
  });
  if (cards.length === 0) return <EmptyMetrics text="Nenhuma métrica disponível para seu perfil" />;

  return (
    <section aria-label="Métricas">
      <ul className={GRID}>
        {cards.map(({ key, label, icon: Icon, value }) => (
          <li key={key}>
            <Card className="relative h-full p-6 focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40">
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-sm font-medium text-muted-foreground">
                  {linkFor(key) ? (
                    // The whole card is the link's target area; its name is the card's title.
                    <Link to={linkFor(key)!} className="after:absolute after:inset-0 focus-visible:outline-none">
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </h2>
                <span className="rounded-md bg-accent p-2 text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
              </div>
              <p className="mt-3 text-3xl font-bold tracking-tight text-foreground">{formatCount(value)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
