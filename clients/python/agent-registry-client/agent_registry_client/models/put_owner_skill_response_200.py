from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.put_owner_skill_response_200_status import PutOwnerSkillResponse200Status

T = TypeVar("T", bound="PutOwnerSkillResponse200")


@_attrs_define
class PutOwnerSkillResponse200:
    """
    Attributes:
        status (PutOwnerSkillResponse200Status):
        domain (str):
        updated_fields (list[str]): The fields this request changed, sorted; [] when it changed nothing
        updated_at (None | str): When this request changed them; null when it changed nothing
        skill_md (str): Where it is served
    """

    status: PutOwnerSkillResponse200Status
    domain: str
    updated_fields: list[str]
    updated_at: None | str
    skill_md: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        updated_fields = self.updated_fields

        updated_at: None | str
        updated_at = self.updated_at

        skill_md = self.skill_md

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "updated_fields": updated_fields,
                "updated_at": updated_at,
                "skill_md": skill_md,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = PutOwnerSkillResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        updated_fields = cast(list[str], d.pop("updated_fields"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        skill_md = d.pop("skill_md")

        put_owner_skill_response_200 = cls(
            status=status,
            domain=domain,
            updated_fields=updated_fields,
            updated_at=updated_at,
            skill_md=skill_md,
        )

        return put_owner_skill_response_200
