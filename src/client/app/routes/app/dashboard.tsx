import { can } from '@shared/permissions';
import { type RoutePath, canAccessRoute } from '@shared/roles';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { AcompanhamentoCards } from '@/features/dashboard/components/acompanhamento-cards';
import { METRIC_LIST_PATHS, MetricsOverview } from '@/features/dashboard/components/metrics-overview';
import { AlunoFunnelOverview } from '@/features/funnel/components/lista/aluno-funnel-overview';
import { MinhasParcelas } from '@/features/cobranca/components/minhas-parcelas';
import { Ultimos30Dias } from '@/features/relatorios/components/ultimos-30-dias';
import { SacResumoCards } from '@/features/sac/components/sac-resumo';
import { MetasDoMes } from '@/features/metas/components/metas-do-mes';
import { MeuLinkCard } from '@/features/atribuicao/components/meu-link-card';

export default function DashboardRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/">
      {/* The page keeps its sections apart, whichever a role sees: each section set its own margin before, and the
          goals, the share link and the aluno's parcelas, which had none, touched the section below them. */}
      <div className="flex flex-col gap-6">
        {can(role, 'dashboard.acompanhamento') ? (
          // The cliente follows its leads on Leads; the vendedor, without that screen, on Interesses. Issue 51: the
          // day's queue comes first, above the counts (on a phone, the first screen is what to do today).
          <AcompanhamentoCards listPath={canAccessRoute(role, '/leads') ? '/leads' : '/interesses'} />
        ) : null}
        {/* Issue 48: the unit's goals of the month, for every staff role (Metas for the levels that set them). */}
        {can(role, 'metas.ler') ? <MetasDoMes linkMetas={canAccessRoute(role, '/metas')} /> : null}
        {/* Issue 48: the vendedor's share link and its QR code, to hand to families. */}
        {can(role, 'indicacao.meuLink') ? <MeuLinkCard /> : null}
        <MetricsOverview
          linkFor={(key) => {
            const path = METRIC_LIST_PATHS[key] as RoutePath;
            return canAccessRoute(role, path) ? path : null;
          }}
        />
        {can(role, 'sac.responder') ? <SacResumoCards link /> : null}
        {can(role, 'relatorios.ler') ? <Ultimos30Dias /> : null}
        {role === 'aluno' ? <AlunoFunnelOverview /> : null}
        {/* Issue 43: the aluno's parcelas, to pay by PIX or boleto. */}
        {can(role, 'parcelas.minhas') ? <MinhasParcelas /> : null}
      </div>
    </RoutePage>
  );
}
