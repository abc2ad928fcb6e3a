import { can } from '@shared/permissions';
import { canAccessRoute } from '@shared/roles';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { MatriculasScreen } from '@/features/funnel/components/matriculas/matriculas-screen';
import { FUNNEL_QUERY_KEY } from '@/features/funnel/api/funnel-keys';
import { DarBaixa } from '@/features/cobranca/components/dar-baixa';
import { Renegociacao } from '@/features/cobranca/components/renegociar';

export default function MatriculasRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/matriculas">
      {/* The aluno reads its own few; the staff's long lists are exported as a job (issue 22). */}
      <MatriculasScreen
        exportJob={role !== 'aluno'}
        // The aluno's record has no links: the staff's lists are not its screens.
        leadsPath={role === 'aluno' ? null : canAccessRoute(role, '/leads') ? '/leads' : '/interesses'}
        podeCancelar={can(role, 'matriculas.cancelar')}
        // Issue 43 (ADR 076): 'Dar baixa' on each open parcela of the record; the record's parcelas read again.
        parcelaAcao={
          can(role, 'parcelas.baixa') ? (p) => <DarBaixa parcela={p} invalidar={[FUNNEL_QUERY_KEY]} /> : undefined
        }
        // ADR 079: the renegotiations' history on the staff's record, and 'Renegociar' for a role that may.
        parcelasAcao={
          role === 'aluno'
            ? undefined
            : (matricula, parcelas) => (
                <Renegociacao
                  matricula={matricula}
                  parcelas={parcelas}
                  podeRenegociar={can(role, 'parcelas.renegociar')}
                  invalidar={[FUNNEL_QUERY_KEY]}
                />
              )
        }
      />
    </RoutePage>
  );
}
