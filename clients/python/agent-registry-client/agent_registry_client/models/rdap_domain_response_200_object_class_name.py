from enum import StrEnum


class RdapDomainResponse200ObjectClassName(StrEnum):
    DOMAIN = "domain"

    def __str__(self) -> str:
        return str(self.value)
