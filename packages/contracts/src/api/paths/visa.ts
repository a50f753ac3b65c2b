import { apiRoute } from './apiRoute.js';

export const visaApi = {
  requestActivationCode: /* @__PURE__ */ apiRoute('/api/visa/RequestActivationCode/:themeCode'),
  useActivationCode: /* @__PURE__ */ apiRoute('/api/visa/UseActivationCode/:themeCode/'),
  updateHolderInformation: /* @__PURE__ */ apiRoute('/api/visa/UpdateHolderInformation/:themeCode/'),
  getHolderInformation: /* @__PURE__ */ apiRoute('/api/visa/GetHolderInformation/:themeCode/'),
  getPin: /* @__PURE__ */ apiRoute('/api/visa/getPin/:themeCode'),
  requestRecovery: /* @__PURE__ */ apiRoute('/api/visa/requestrecovery/:themeCode'),
  useRecovery: /* @__PURE__ */ apiRoute('/api/visa/userecovery/:themeCode/'),
};
