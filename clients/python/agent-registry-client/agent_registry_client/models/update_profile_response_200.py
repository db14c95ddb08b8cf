from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_profile_response_200_status import UpdateProfileResponse200Status

if TYPE_CHECKING:
    from ..models.update_profile_response_200_profile import UpdateProfileResponse200Profile


T = TypeVar("T", bound="UpdateProfileResponse200")


@_attrs_define
class UpdateProfileResponse200:
    """
    Attributes:
        status (UpdateProfileResponse200Status):
        domain (str):
        updated_fields (list[str]): The fields this request changed, sorted; [] when it changed nothing
        updated_at (None | str): When this request changed them; null when it changed nothing
        profile (UpdateProfileResponse200Profile):
        capabilities_preview (list[str]):
        squad_id (None | str):
    """

    status: UpdateProfileResponse200Status
    domain: str
    updated_fields: list[str]
    updated_at: None | str
    profile: UpdateProfileResponse200Profile
    capabilities_preview: list[str]
    squad_id: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        updated_fields = self.updated_fields

        updated_at: None | str
        updated_at = self.updated_at

        profile = self.profile.to_dict()

        capabilities_preview = self.capabilities_preview

        squad_id: None | str
        squad_id = self.squad_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "updated_fields": updated_fields,
                "updated_at": updated_at,
                "profile": profile,
                "capabilities_preview": capabilities_preview,
                "squad_id": squad_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_profile_response_200_profile import UpdateProfileResponse200Profile  # noqa: PLC0415

        d = dict(src_dict)
        status = UpdateProfileResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        updated_fields = cast(list[str], d.pop("updated_fields"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        profile = UpdateProfileResponse200Profile.from_dict(d.pop("profile"))

        capabilities_preview = cast(list[str], d.pop("capabilities_preview"))

        def _parse_squad_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        squad_id = _parse_squad_id(d.pop("squad_id"))

        update_profile_response_200 = cls(
            status=status,
            domain=domain,
            updated_fields=updated_fields,
            updated_at=updated_at,
            profile=profile,
            capabilities_preview=capabilities_preview,
            squad_id=squad_id,
        )

        return update_profile_response_200
