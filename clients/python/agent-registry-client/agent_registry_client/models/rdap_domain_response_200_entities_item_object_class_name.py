from enum import StrEnum


class RdapDomainResponse200EntitiesItemObjectClassName(StrEnum):
    ENTITY = "entity"

    def __str__(self) -> str:
        return str(self.value)
