from enum import StrEnum


class RdapDomainResponse200EventsItemEventAction(StrEnum):
    EXPIRATION = "expiration"
    LAST_CHANGED = "last changed"
    REGISTRATION = "registration"

    def __str__(self) -> str:
        return str(self.value)
