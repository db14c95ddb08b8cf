from enum import StrEnum


class GetMeResponse200CredentialClass(StrEnum):
    AGENT_KEY = "agent_key"
    BEARER = "bearer"
    LIVE_KEY = "live_key"
    SESSION = "session"

    def __str__(self) -> str:
        return str(self.value)
