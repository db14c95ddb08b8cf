from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_command_body_params import RunCommandBodyParams


T = TypeVar("T", bound="RunCommandBody")


@_attrs_define
class RunCommandBody:
    """
    Attributes:
        action (str): `show_expiring_domains` or `renew_domain`
        mode (str): Only `dry_run` (`confirm` and `execute` are not implemented)
        params (RunCommandBodyParams | Unset): Per action. show_expiring_domains: within_days (integer 1–4025, default
            30). renew_domain: domain (full name), years (integer 1–10), payment_preference (mpp, agent_mpp or agent plan an
            agent machine payment; anything else human gems; default mpp).
        request_id (str | Unset): Echoed back as given
    """

    action: str
    mode: str
    params: RunCommandBodyParams | Unset = UNSET
    request_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        mode = self.mode

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        request_id = self.request_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "mode": mode,
            }
        )
        if params is not UNSET:
            field_dict["params"] = params
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_command_body_params import RunCommandBodyParams  # noqa: PLC0415

        d = dict(src_dict)
        action = d.pop("action")

        mode = d.pop("mode")

        _params = d.pop("params", UNSET)
        params: RunCommandBodyParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = RunCommandBodyParams.from_dict(_params)

        request_id = d.pop("request_id", UNSET)

        run_command_body = cls(
            action=action,
            mode=mode,
            params=params,
            request_id=request_id,
        )

        return run_command_body
