import { apiRoutes } from '@repo/api-client';
import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { ExportButton } from '@/components/export-button';
import { SectionHeader } from '@/components/section-header';
import { errorMessage } from '@/lib/notify';
import { Can } from '@/lib/permissions';
import { RatedQuestionsCard } from './rated-questions-card';
import { RecommendationCard } from './recommendation-card';
import { SurveyAnswersCard } from './survey-answers-card';
import { SurveyFunnelCard } from './survey-funnel-card';
import { useSurveyInsight } from './use-survey-insight';

/**
 * The beta survey in the console (issue 12): where people stop, what they rated,
 * how likely they are to recommend Wordloom, and what they wrote. All time.
 */
export function SurveyInsightView() {
  const insight = useSurveyInsight();
  const data = insight.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <SectionHeader
          title="Beta survey"
          description="Every survey opened on /beta-feedback since the beta began, and every response submitted."
          actions={
            <Can permission="feedback:export">
              <ExportButton
                path={apiRoutes.admin.feedback.export}
                filename="survey-responses-export.csv"
              />
            </Can>
          }
        />
      </Card>
      {insight.isPending ? (
        <div className="grid grid-cols-1 gap-4">
          <Skeleton className="h-72" />
          <Skeleton className="h-40" />
        </div>
      ) : !data ? (
        <Card>
          <CardContent className="grid justify-items-start gap-2 pt-6 text-sm" role="alert">
            <p className="font-medium text-destructive">Could not load the survey results</p>
            <p className="text-muted-foreground">{errorMessage(insight.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void insight.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <SurveyFunnelCard funnel={data.funnel} />
          <RecommendationCard recommendation={data.recommendation} />
          <RatedQuestionsCard distributions={data.distributions} responses={data.responses} />
        </>
      )}
      <SurveyAnswersCard />
    </div>
  );
}
