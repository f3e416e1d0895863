import type { CheckModule } from '../types.js';
import { b1AiCrawlerRules } from './b1-ai-crawler-rules.js';
import { b2ContentSignals } from './b2-content-signals.js';
import { b3WebBotAuth } from './b3-web-bot-auth.js';
import { b4AutomatedAccess } from './b4-automated-access.js';
import { b5ContentUsage } from './b5-content-usage.js';

export const botAccessChecks: CheckModule<any>[] = [b1AiCrawlerRules, b2ContentSignals, b3WebBotAuth, b4AutomatedAccess, b5ContentUsage];
